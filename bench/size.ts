// npm run bench:size: the gzip size of the JavaScript and CSS the built shell loads on a first
// visit (the entry script, the chunks it preloads, the stylesheets). Route chunks loaded lazily
// are listed apart. Builds the client first when needed.
import { execSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist/client");
execSync("npx tsx scripts/build-if-needed.ts", { cwd: root, stdio: "inherit" });

const html = readFileSync(path.join(dist, "index.html"), "utf8");
const firstVisit = [
  ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
].map((match) => match[1] as string);

const gzipKb = (file: string) =>
  gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const rows = firstVisit.map((file) => ({ file, kb: gzipKb(file) }));
const total = (kind: string) =>
  rows.filter((row) => row.file.endsWith(kind)).reduce((sum, row) => sum + row.kb, 0);

console.log("First visit (any route): files the shell loads");
for (const row of rows) console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`);
console.log(
  `  JavaScript: ${total(".js").toFixed(1)} KB gzip   CSS: ${total(".css").toFixed(1)} KB gzip`,
);

const lazy = readdirSync(path.join(dist, "assets"))
  .map((name) => `/assets/${name}`)
  .filter((file) => file.endsWith(".js") && !firstVisit.includes(file));
console.log(`\nLoaded on demand (${lazy.length} chunks)`);
for (const file of lazy.sort()) console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
