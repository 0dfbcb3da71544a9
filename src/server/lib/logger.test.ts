// A failed query's values never reach the log: they are members' data or a forger's input.
import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { expect, it } from "vitest";
import { createLogger, logDestination } from "./logger";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("info", stream), text: () => lines.join("") };
}

const cause = Object.assign(new Error('invalid input syntax for type integer: "forged"'), {
  code: "22P02",
});

it("keeps the failed query and the database's error, not the values it was given", () => {
  const { logger, text } = capture();
  const failed = new DrizzleQueryError(
    "select * from profiles where email = $1 and bio = $2",
    ["someone@example.com", "a private bio,\nover two lines"],
    cause,
  );
  logger.error({ err: failed, path: "/api/members" }, "request failed");
  logger.error({ err: new Error("wrapped", { cause: failed }) }, "request failed");
  const logged = text();
  expect(logged).toContain("select * from profiles where email = $1");
  expect(logged).toContain("invalid input syntax for type integer");
  expect(logged).toContain("[redacted]");
  expect(logged).not.toContain("someone@example.com");
  expect(logged).not.toContain("a private bio");
});

it("leaves other errors as pino writes them", () => {
  const { logger, text } = capture();
  logger.error({ err: new Error("boom") }, "request failed");
  expect(JSON.parse(text())).toMatchObject({ err: { type: "Error", message: "boom" } });
});

it("writes readable lines on a terminal and JSON lines otherwise", async () => {
  expect(await logDestination(false)).toBeUndefined();
  const lines: string[] = [];
  const terminal = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const destination = await logDestination(true, terminal);
  const logger = createLogger("info", destination);
  logger.child({ reqId: "req-1" }).info({ method: "GET", path: "/", status: 200 }, "request");
  const text = lines.join("");
  expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request\n/);
  expect(text).toContain('reqId: "req-1"');
  expect(text).not.toContain("{");
});
