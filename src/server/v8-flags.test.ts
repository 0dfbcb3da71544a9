import { describe, expect, it } from "vitest";
import { missingV8Flags, SEMI_SPACE_MB } from "./v8-flags";

const semiSpace = `--max-semi-space-size=${SEMI_SPACE_MB}`;

describe("the V8 flags the server re-runs with", () => {
  it("are Liftoff only and a small young generation on the embedded database", () => {
    expect(missingV8Flags({ execArgv: [], nodeOptions: undefined, embedded: true })).toEqual([
      "--liftoff-only",
      semiSpace,
    ]);
  });

  it("are the young generation alone on PostgreSQL: no WebAssembly to compile", () => {
    expect(missingV8Flags({ execArgv: [], nodeOptions: undefined, embedded: false })).toEqual([
      semiSpace,
    ]);
  });

  it("are none once the process runs with them, so it re-runs once", () => {
    const rerun = ["--liftoff-only", semiSpace];
    expect(missingV8Flags({ execArgv: rerun, nodeOptions: undefined, embedded: true })).toEqual([]);
  });

  it("leave the operator's own choice either way, on the command line or in NODE_OPTIONS", () => {
    expect(
      missingV8Flags({
        execArgv: ["--no-liftoff-only", "--max-semi-space-size=64"],
        nodeOptions: undefined,
        embedded: true,
      }),
    ).toEqual([]);
    expect(
      missingV8Flags({
        execArgv: ["--liftoff_only"],
        nodeOptions: "--enable-source-maps --max_semi_space_size=32",
        embedded: true,
      }),
    ).toEqual([]);
  });
});
