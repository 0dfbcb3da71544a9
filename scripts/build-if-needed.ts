// npm start's first step: builds when dist/ is missing or was built from other sources (a hash
// of them: scripts/lib/build-inputs.ts), so a fresh checkout still starts with one command and a
// start after `npm run build` does not build again. A production install (`npm ci
// --omit=dev`) has no build tools: there it stops and says what to run.
import { builtHash, sourceHash } from "./lib/build-inputs.ts";

function hasBuildTools(): boolean {
  try {
    import.meta.resolve("vite");
    import.meta.resolve("esbuild");
    return true;
  } catch {
    return false;
  }
}

if (builtHash() !== sourceHash()) {
  if (!hasBuildTools()) {
    console.error(
      "dist/ is missing or was built from other sources, and this install has no build tools " +
        "(npm ci --omit=dev): run npm run build where the dev dependencies are installed " +
        "(npm ci && npm run build), then start again.",
    );
    process.exit(1);
  }
  console.log("Building the client and the server…");
  const { buildAll } = await import("./build.ts");
  await buildAll({ onlyIfStale: true });
}
