// npm run bench:size: the gzip size of the JavaScript and CSS each main route makes a browser
// download on a first visit (Chromium, empty cache, until the network is idle), with the files
// of the home page, and the chunks no route loaded. Builds the client first when needed.
//   npm run bench:size            one line per route
//   npm run bench:size -- --files every route's files
import { execSync } from "node:child_process";
import { HOME_BUDGET_KB, kb, mainRoutes, measureRouteWeights } from "./lib/page-weight";
import { ROOT } from "./lib/server-process";
import { startWeightServer } from "./lib/weight-server";

execSync("npx tsx scripts/build-if-needed.ts", { cwd: ROOT, stdio: "inherit" });
const server = await startWeightServer();
try {
  const weights = await measureRouteWeights(server, mainRoutes(server));
  const showFiles = process.argv.includes("--files");
  console.log(
    "First visit, gzip as the server sends it (the build's Zopfli variants), everything fetched until the network is idle:\n",
  );
  console.log(
    `${"route".padEnd(44)}${"JS KB".padStart(8)}${"files".padStart(7)}${"CSS KB".padStart(8)}  visitor`,
  );
  for (const weight of weights) {
    const label = weight.path.replace(/[0-9a-f-]{36}/, "{id}");
    console.log(
      `${label.padEnd(44)}${kb(weight.jsBytes).toFixed(1).padStart(8)}${String(weight.js.length).padStart(7)}${kb(weight.cssBytes).toFixed(1).padStart(8)}  ${weight.visitor}`,
    );
    if (showFiles || weight.path === "/") {
      for (const file of [...weight.js, ...weight.css]) {
        console.log(`    ${kb(file.bytes).toFixed(1).padStart(6)} KB  ${file.file}`);
      }
    }
  }
  const home = weights.find((weight) => weight.path === "/");
  if (home) {
    const everything = kb(home.jsBytes);
    const verdict = everything <= HOME_BUDGET_KB ? "within" : "OVER";
    console.log(
      `\nHome page: everything it downloads ${everything.toFixed(1)} KB, ${verdict} the ` +
        `${HOME_BUDGET_KB} KB budget (npm test holds it).`,
    );
  }
  const loadedAnywhere = new Set(weights.flatMap((weight) => weight.js.map((file) => file.file)));
  const unvisited = [...server.files.keys()]
    .filter((file) => file.startsWith("/assets/") && file.endsWith(".js"))
    .filter((file) => !loadedAnywhere.has(file))
    .sort();
  console.log(
    `\nLoaded by none of these routes (${unvisited.length} chunks: other pages, dialogs, ...)`,
  );
  for (const file of unvisited) {
    const stored = server.files.get(file);
    console.log(
      `  ${kb(stored?.gzip?.length ?? stored?.body.length ?? 0)
        .toFixed(1)
        .padStart(6)} KB  ${file}`,
    );
  }
} finally {
  await server.close();
}
