import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is set by playwright.config.ts");
  return path.join(dataDir, "mail");
}

/** The first link in the newest dev-mailbox message to `to`, waiting for it to arrive. */
export async function latestMailLink(to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const suffix = `-${to.toLowerCase()}.txt`;
  while (Date.now() < deadline) {
    const names = (await readdir(mailDir()).catch(() => [] as string[]))
      .filter((n) => n.endsWith(suffix))
      .sort();
    const newest = names.at(-1);
    if (newest) {
      const link = (await readFile(path.join(mailDir(), newest), "utf8")).match(
        /https?:\/\/\S+/,
      )?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
