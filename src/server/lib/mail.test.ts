// The dev mailbox (no SMTP_URL): one readable file per message, whole from the moment it exists.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createLogger } from "./logger";
import { createMailTransport } from "./mail";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "rc-mailbox-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it("writes each message as one whole file that a reader watching the folder never sees half-written", async () => {
  const transport = createMailTransport({
    smtpUrl: undefined,
    from: "Rant Community <no-reply@example.com>",
    dataDir,
    logger: createLogger("silent"),
    printLinks: false,
  });
  const mailDir = path.join(dataDir, "mail");
  const body = `Confirm: https://example.com/auth/confirm?token=abc\n${"x".repeat(3_000_000)}\nThe end.`;
  // A reader as the browser tests' inbox is: list the folder, read each new message once.
  const incomplete: string[] = [];
  let reading = true;
  const reader = (async () => {
    const seen = new Set<string>();
    while (reading) {
      const names = await readdir(mailDir).catch(() => [] as string[]);
      for (const name of names.filter((entry) => entry.endsWith(".txt") && !seen.has(entry))) {
        seen.add(name);
        const text = await readFile(path.join(mailDir, name), "utf8");
        if (!text.includes("The end.")) incomplete.push(name);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return seen.size;
  })();
  for (let index = 0; index < 20; index++) {
    await transport.deliver(
      { to: `reader-${index}@example.com`, subject: "Hi", text: body },
      `<${index}@x>`,
    );
  }
  reading = false;
  expect(await reader).toBeGreaterThan(0);
  expect(incomplete).toEqual([]);
  const files = await readdir(mailDir);
  expect(files).toHaveLength(20);
  expect(files.every((name) => name.endsWith(".txt"))).toBe(true);
  const first = await readFile(path.join(mailDir, files.sort()[0] ?? ""), "utf8");
  expect(first).toContain("To: reader-0@example.com");
});
