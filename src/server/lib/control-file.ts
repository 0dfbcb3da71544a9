// While the server runs on the embedded database it alone may open it, so command-line tools
// (npm run role) ask the running server instead. The server writes where it listens and a
// random token to $DATA_DIR/control.json, readable only by its owner: whoever can read it
// could open the database files anyway.
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export type ControlFile = { url: string; token: string; pid: number };

const fileIn = (dataDir: string) => path.join(dataDir, "control.json");

export function newControlToken(): string {
  return randomBytes(32).toString("base64url");
}

export function writeControlFile(dataDir: string, control: ControlFile): () => void {
  const file = fileIn(dataDir);
  writeFileSync(file, JSON.stringify(control), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

export function readControlFile(dataDir: string): ControlFile | null {
  try {
    return JSON.parse(readFileSync(fileIn(dataDir), "utf8")) as ControlFile;
  } catch {
    return null;
  }
}
