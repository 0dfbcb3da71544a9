// No tap is lost between the first paint and hydration (docs/decisions/061). A server-rendered
// page shows before React listens; links and forms work natively then, but a button, a tab or
// a menu does nothing. A small inline script at the top of the head keeps the clicks, taps and
// keys aimed at such controls until React has taken the page, then sends them again: the
// technique of Angular's event replay and Google's jsaction. It also marks <html class="js">, for
// the controls that need scripts (styles.css). The CSP names it by its hash
// (src/server/lib/security.ts).
import { minifySync, type Plugin } from "vite";

/**
 * Runs in the browser as an inline classic script (its source is written out as it is
 * compiled): no imports, nothing from this module's scope.
 */
function eventReplay(): void {
  const root = document.documentElement;
  // Scripts run here: controls that need them show from the first paint (styles.css, `no-js`).
  root.classList.add("js");
  // Controls whose behaviour is the app's. Links and form submissions are left to the browser,
  // which does them without scripts (a submission is never replayed: it posts natively).
  const CONTROLS =
    "button,[role=button],[role=tab],[role=menuitem],[role=switch],[role=checkbox],[aria-haspopup],[aria-expanded]";
  const TYPES = ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "keydown"];
  type Kept = { event: Event; target: EventTarget; control: Element; shape: string };
  const kept: Kept[] = [];
  // A button with an invoker command (`commandfor`: the phone menu) acts without scripts where
  // the browser knows commands: replaying its click would act twice.
  const commandsWork = "command" in HTMLButtonElement.prototype;
  // What makes a control the same one: a click on it means the same thing if these are.
  const shapeOf = (control: Element) =>
    [
      control.tagName,
      control.id,
      control.getAttribute("aria-label"),
      control.getAttribute("aria-expanded"),
      control.textContent,
      (control as HTMLButtonElement).disabled,
    ].join("|");
  // React marks the element it renders into once it listens there: from then on, React hydrates
  // what is clicked first and replays the event itself.
  const reactListens = () => {
    const container = document.getElementById("root");
    return container !== null && Object.keys(container).some((key) => key.startsWith("__react"));
  };
  // Keys that act on a control (press, move between tabs or items, close); Tab and typing are
  // the browser's own before hydration too.
  const CONTROL_KEYS = /^(Enter| |Spacebar|Arrow|Home$|End$|Escape$)/;
  const keep = (event: Event) => {
    if (reactListens() || kept.length >= 50 || !(event.target instanceof Element)) return;
    if (event instanceof KeyboardEvent && !CONTROL_KEYS.test(event.key)) return;
    const control = event.target.closest(CONTROLS);
    if (!control || control.closest("a[href]")) return;
    const button = control as HTMLButtonElement;
    if (button.form && button.type === "submit") return;
    if (commandsWork && control.hasAttribute("commandfor")) return;
    kept.push({ event, target: event.target, control, shape: shapeOf(control) });
  };
  for (const type of TYPES) addEventListener(type, keep, true);

  const replay = () => {
    for (const type of TYPES) removeEventListener(type, keep, true);
    for (const { event, target, control, shape } of kept.splice(0)) {
      // Gone or changed by the time the page is live: the click meant something else.
      if (!control.isConnected || shapeOf(control) !== shape) continue;
      // The same kind of event with the same properties (button, position, key, modifiers).
      const Kind = event.constructor as typeof MouseEvent;
      target.dispatchEvent(new Kind(event.type, event as MouseEventInit));
    }
  };
  // The layout marks the page once it has started (hydrated): src/client/app/layout.tsx.
  new MutationObserver((_, observer) => {
    if (!root.hasAttribute("data-started")) return;
    observer.disconnect();
    setTimeout(replay);
  }).observe(root, { attributes: true, attributeFilter: ["data-started"] });
}

const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

/**
 * The built HTML with `script` at the top of its head, before anything can be clicked: after
 * the charset (which belongs in the first 1,024 bytes) and before the stylesheet (an inline
 * script after a stylesheet waits for it).
 */
export function withEventReplay(html: string, script: string): string {
  const element = `<script data-event-replay>${script}</script>`;
  if (CHARSET.test(html)) return html.replace(CHARSET, (meta) => `${meta}\n    ${element}`);
  if (!html.includes("<head>")) throw new Error("event-replay: the built HTML has no <head>");
  return html.replace("<head>", () => `<head>\n    ${element}`);
}

export function eventReplayPlugin(): Plugin {
  // Minified: it is part of every page's HTML.
  const { code, errors } = minifySync("event-replay.js", `(${eventReplay.toString()})();`, {});
  if (errors.length) throw new Error(`event-replay: ${errors[0]?.message}`);
  const script = code.trim();
  return {
    name: "event-replay",
    apply: "build",
    transformIndexHtml: { order: "post", handler: (html) => withEventReplay(html, script) },
  };
}
