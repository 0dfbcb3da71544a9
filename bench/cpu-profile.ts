// A CPU profile (.cpuprofile, as BENCH_CPU_PROF writes them) summarised as text: where the time
// went, by file and by function (own time), and by function with what it called (inclusive).
// Read the app's beside the ceiling's: what the app spends beyond the ceiling is its overhead.
//   npx tsx bench/cpu-profile.ts <file.cpuprofile> [rows per table, default 30]
import { readFileSync } from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, rowsArgument] = process.argv.slice(2);
if (!file) {
  console.error("Usage: npx tsx bench/cpu-profile.ts <file.cpuprofile> [rows]");
  process.exit(1);
}
const rows = Number(rowsArgument ?? 30);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

/** A module's name: a package for node_modules, else the path from the repository. */
const moduleOf = (url: string) =>
  url
    .replace(/.*node_modules\/(@[^/]+\/[^/]+|[^/]+).*/, "npm:$1")
    .replace(/^file:\/\/.*?\/(src|bench)\//, "$1/");
const functionOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || "(anonymous)"} ${moduleOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

const own = new Map<string, number>();
const byModule = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (map: Map<string, number>, key: string, time: number) =>
  map.set(key, (map.get(key) ?? 0) + time);
let total = 0;
profile.samples.forEach((id, index) => {
  const time = profile.timeDeltas[index] ?? 0;
  total += time;
  const node = nodes.get(id);
  if (!node) return;
  add(own, functionOf(node), time);
  add(byModule, moduleOf(node.callFrame.url) || node.callFrame.functionName, time);
  // Each function once per sample, however often it recurs on the stack.
  const counted = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const frame = nodes.get(at);
    if (!frame) break;
    const name = functionOf(frame);
    if (!counted.has(name)) add(inclusive, name, time);
    counted.add(name);
  }
});

const table = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((100 * time) / total).toFixed(1).padStart(6)}%  ${name}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
table("Own time by module", byModule);
table("Own time by function", own);
table("Inclusive time by function", inclusive);
