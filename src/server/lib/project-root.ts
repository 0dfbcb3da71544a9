// The checkout's root, the nearest folder above this code with a package.json: the same folder
// whether the server runs from src/server (tsx, Vitest) or bundled into dist/server (npm start).
import { existsSync } from "node:fs";
import path from "node:path";

function nearestPackageRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, "package.json"))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${from}`);
  }
}

export const projectRoot = nearestPackageRoot(import.meta.dirname);
