// The page paints before its scripts download (docs/decisions/036). A server-rendered page needs
// only its HTML and stylesheet to show; the scripts (about 100 KB gzipped) are for hydration.
// Named in the head, they download alongside the stylesheet and share a slow connection with it,
// so the first paint waited for bytes it does not use. The build replaces the entry's <script>
// and its modulepreload links with a small script at the end of the body, which starts them
// once the page has painted its content, or at once when there is nothing to paint yet (a page
// the browser renders alone) or nothing can tell it about paints. It is inline, so starting
// costs no round trip of its own; the Content-Security-Policy names it by its hash
// (src/server/lib/security.ts).
import { minifySync, type Plugin } from "vite";

/**
 * Runs in the browser as an inline classic script (its source is written out as it is
 * compiled): no imports, nothing from this module's scope. Its <script> element names the
 * entry (data-entry) and the chunks to fetch beside it (data-preload).
 */
function startAfterPaint(): void {
  // A classic script's own element, always there while it runs.
  const { dataset } = document.currentScript as HTMLScriptElement;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (dataset.preload ?? "").split(" ").filter(Boolean)) {
      const preload = { rel: "modulepreload", crossOrigin: "", href };
      document.head.append(Object.assign(document.createElement("link"), preload));
    }
    const entry = { type: "module", crossOrigin: "", src: dataset.entry ?? "" };
    document.head.append(Object.assign(document.createElement("script"), entry));
  };
  const paintsObservable = PerformanceObserver.supportedEntryTypes?.includes("paint");
  // Nothing to paint before the app renders (a page the browser renders alone), or no way to
  // hear of the paint; a hidden tab paints nothing until it is shown: start at once.
  if (
    !document.getElementById("root")?.firstChild ||
    !paintsObservable ||
    document.visibilityState !== "visible"
  ) {
    start();
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  // Should the paint never be reported, the page still comes to life.
  setTimeout(start, 3_000);
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The built HTML with the entry and its preloads started by `script` after the first paint. */
export function startScriptsAfterPaint(html: string, script: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) throw new Error("start-after-paint: the built HTML names no module entry");
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1]);
  const starter =
    `  <script data-entry="${entry[1]}" data-preload="${preloads.join(" ")}">` +
    `${script}</script>\n  `;
  return html.replace(ENTRY, "").replace(PRELOAD, "").replace("</body>", `${starter}</body>`);
}

export function startAfterPaintPlugin(): Plugin {
  // Minified: it is part of every page's HTML.
  const { code, errors } = minifySync(
    "start-after-paint.js",
    `(${startAfterPaint.toString()})();`,
    {},
  );
  if (errors.length) throw new Error(`start-after-paint: ${errors[0]?.message}`);
  const script = code.trim();
  return {
    name: "start-after-paint",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) => startScriptsAfterPaint(html, script),
    },
  };
}
