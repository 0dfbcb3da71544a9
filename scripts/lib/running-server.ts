// The command-line tools on the embedded database: while the server holds it (its lock is
// taken), a tool asks the server through its control endpoint instead of opening the files
// (src/server/lib/control-file.ts, docs/decisions/005).
import type { DataDirBusyError } from "../../src/server/db/data-dir-lock";
import { readControlFile } from "../../src/server/lib/control-file";

export type ControlAnswer<T> = { ok: true; body: T } | { ok: false; message: string };

/** POSTs `body` to /api/control/<action> on the server that holds `dataDir`. */
export async function askRunningServer<T>(
  dataDir: string,
  busy: DataDirBusyError,
  action: string,
  body: unknown,
): Promise<ControlAnswer<T>> {
  const control = readControlFile(dataDir);
  if (!control || control.pid !== busy.pid) {
    return {
      ok: false,
      message: `${busy.message}\nIt is not answering yet; try again in a moment, or stop it first.`,
    };
  }
  const response = await fetch(`${control.url}/api/control/${action}`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T | { error: { message: string } };
  if (!response.ok) {
    const message =
      answer && typeof answer === "object" && "error" in answer
        ? answer.error.message
        : `The server answered ${response.status}.`;
    return { ok: false, message };
  }
  return { ok: true, body: answer as T };
}

/**
 * POSTs to /api/control/<action> on the server that holds `dataDir` and hands back its
 * answer's body as a stream (a backup), or the reason it could not.
 */
export async function streamFromRunningServer(
  dataDir: string,
  busy: DataDirBusyError,
  action: string,
): Promise<{ ok: true; body: ReadableStream<Uint8Array> } | { ok: false; message: string }> {
  const control = readControlFile(dataDir);
  if (!control || control.pid !== busy.pid) {
    return {
      ok: false,
      message: `${busy.message}\nIt is not answering yet; try again in a moment, or stop it first.`,
    };
  }
  const response = await fetch(`${control.url}/api/control/${action}`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}` },
  });
  if (!response.ok || !response.body) {
    return { ok: false, message: `The server answered ${response.status}.` };
  }
  return { ok: true, body: response.body };
}
