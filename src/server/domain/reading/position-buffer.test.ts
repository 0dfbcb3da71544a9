// The read position buffer's promise (docs/decisions/071): at most one write per member and
// discussion every WRITE_INTERVAL_MS while they scroll, the waiting ones in one statement, and
// a member's own waiting positions written before anything reads them.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db/client";
import { createLogger } from "@/server/lib/logger";
import { createReadPositionBuffer, WRITE_INTERVAL_MS } from "./position-buffer";

/** A database that records each statement's bound values instead of running it. */
function recordingDb() {
  const statements: unknown[][] = [];
  const db = {
    execute: async (query: { queryChunks: unknown[] }) => {
      statements.push(query.queryChunks);
    },
  } as unknown as Db;
  return { db, statements };
}

/** The numbers bound into a statement (the positions). */
function numbersIn(chunks: unknown): number[] {
  const found: number[] = [];
  JSON.stringify(chunks, (_key, value: unknown) => {
    if (typeof value === "number") found.push(value);
    return value;
  });
  return found;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const logger = createLogger("silent");

describe("the read position buffer", () => {
  it("writes a first report at once, then at most once an interval however often it comes", async () => {
    const { db, statements } = recordingDb();
    const buffer = createReadPositionBuffer(db, logger);
    buffer.record("ana", "d1", 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(statements).toHaveLength(1);
    for (let seq = 2; seq <= 50; seq += 1) {
      buffer.record("ana", "d1", seq);
      await vi.advanceTimersByTimeAsync(100);
    }
    // 4.9 s of scrolling: still the one write.
    expect(statements).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(WRITE_INTERVAL_MS);
    expect(statements).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(WRITE_INTERVAL_MS * 3);
    expect(statements).toHaveLength(2);
    await buffer.close();
  });

  it("writes every waiting position in one statement", async () => {
    const { db, statements } = recordingDb();
    const buffer = createReadPositionBuffer(db, logger);
    for (const member of ["ana", "ben", "cleo"]) buffer.record(member, "d1", 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(statements).toHaveLength(3);
    for (const member of ["ana", "ben", "cleo"]) buffer.record(member, "d1", 2);
    await vi.advanceTimersByTimeAsync(WRITE_INTERVAL_MS);
    expect(statements).toHaveLength(4);
    await buffer.close();
  });

  it("writes a member's waiting positions when they are read, and only theirs", async () => {
    const { db, statements } = recordingDb();
    const buffer = createReadPositionBuffer(db, logger);
    buffer.record("ana", "d1", 1);
    buffer.record("ben", "d1", 1);
    await vi.advanceTimersByTimeAsync(0);
    buffer.record("ana", "d1", 2);
    buffer.record("ben", "d1", 2);
    await buffer.flush("ana");
    expect(statements).toHaveLength(3);
    await buffer.flush("ana");
    expect(statements).toHaveLength(3);
    await buffer.close();
    expect(statements).toHaveLength(4);
  });

  it("ignores a report behind the one waiting", async () => {
    const { db, statements } = recordingDb();
    const buffer = createReadPositionBuffer(db, logger);
    buffer.record("ana", "d1", 5);
    await vi.advanceTimersByTimeAsync(0);
    buffer.record("ana", "d1", 9);
    buffer.record("ana", "d1", 3);
    await buffer.close();
    expect(statements).toHaveLength(2);
    expect(numbersIn(statements[1])).toEqual([9]);
  });
});
