import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compileHintsPlugin } from "./scripts/vite/compile-hints.ts";
import { eventReplayPlugin } from "./scripts/vite/event-replay.ts";
import { precompressPlugin } from "./scripts/vite/precompress.ts";

// The client lives in src/client; `npm run build` writes it to dist/client, which the Hono
// server serves. In development Vite serves the client and proxies the API to the server:
// `npm run dev` gives both the same environment, so the server's PORT is the target unless
// API_PORT names another (a server started separately).
function apiTarget(): string {
  return `http://localhost:${process.env.API_PORT || process.env.PORT || "3000"}`;
}

// The libraries every page runs on first load go into one "vendor" chunk. Left to itself,
// Rolldown moves each module shared by the entry and the lazy pages (react, TanStack Query's
// observers, ...) into small common chunks of their own, all preloaded on the first visit and
// compressing worse apart: about 2 KB gzipped more, enough to break the home page's 100 KB
// budget (npm run bench:size). TanStack modules about mutations and infinite queries are left
// to the default placement: mostly only lazy pages use them.
function isFirstLoadLibrary(id: string): boolean {
  // Vite's helper behind every import(): the entry needs it for its lazy pages. Left to
  // Rolldown, a lazy chunk with an import() of its own (the bell's, loading its panel) split it
  // into a file of its own, 0.2 KB more on the home page's first download.
  if (id.includes("vite/preload-helper")) return true;
  if (/node_modules[\\/](react|react-dom|scheduler|wouter|regexparam)[\\/]/.test(id)) return true;
  // lucide-react's icon factory (not the icons): the header's icons need it on every page.
  if (/node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/.test(id)) return true;
  return (
    /node_modules[\\/]@tanstack[\\/]/.test(id) && !/(infinite|queries|hydration|streamed)/i.test(id)
  );
}

/** `@/` is src/ (tsconfig.json "paths"): imports name the layer, not a climb of `../`. */
export const srcAlias = {
  find: /^@\//,
  replacement: `${fileURLToPath(new URL("./src", import.meta.url))}/`,
};

/** React 19 has useSyncExternalStore: wouter's shim for older Reacts is left out of the client. */
const reactsOwnSyncExternalStore = {
  find: /^use-sync-external-store\/shim\/index\.js$/,
  replacement: fileURLToPath(
    new URL("./src/client/lib/use-sync-external-store.ts", import.meta.url),
  ),
};

// A function: the dev proxy reads PORT and API_PORT when Vite starts (scripts/dev.test.ts).
export default defineConfig(() => ({
  root: "src/client",
  resolve: {
    alias: [srcAlias, reactsOwnSyncExternalStore],
  },
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    eventReplayPlugin(),
    compileHintsPlugin(),
    // A build for the tests only (scripts/build-if-needed.ts --for-tests, decision 055).
    precompressPlugin({ fast: process.env.FAST_PRECOMPRESS === "1" }),
  ],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // Vite's modulepreload polyfill is for browsers before Safari 17 and Firefox 115, which
    // still load every chunk, only later; it cost each page 0.4 KB gzipped (decisions 036, 061).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks; the entry exports nothing anyway.
      preserveEntrySignatures: false as const,
      output: {
        codeSplitting: {
          groups: [{ name: "vendor", test: isFirstLoadLibrary }],
          // Shared modules under 8 KB (icons, UI primitives, small hooks) are copied into the
          // chunks that use them instead of each being a file of its own: the forum page
          // loaded 40 files, mostly of about 1 KB, and on a phone every six of them cost a
          // round trip before the list could show (docs/decisions/011-inline-small-chunks.md).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget(), changeOrigin: false },
      "/uploads": { target: apiTarget(), changeOrigin: false },
    },
  },
}));
