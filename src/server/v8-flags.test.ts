import { describe, expect, it } from "vitest";
import { missingV8Flags, OWN_YOUNG_GENERATION_UP_TO_MB, SEMI_SPACE_MB } from "./v8-flags";

const semiSpace = `--max-semi-space-size=${SEMI_SPACE_MB}`;
/** This machine: 24 GB. */
const memoryMb = 24 * 1024;

describe("the V8 flags the server re-runs with", () => {
  it("are Liftoff only and a small young generation on the embedded database", () => {
    expect(
      missingV8Flags({ execArgv: [], nodeOptions: undefined, embedded: true, memoryMb }),
    ).toEqual(["--liftoff-only", semiSpace]);
  });

  it("are the young generation alone on PostgreSQL: no WebAssembly to compile", () => {
    expect(
      missingV8Flags({ execArgv: [], nodeOptions: undefined, embedded: false, memoryMb }),
    ).toEqual([semiSpace]);
  });

  it("are none once the process runs with them, so it re-runs once", () => {
    const rerun = ["--liftoff-only", semiSpace];
    expect(
      missingV8Flags({ execArgv: rerun, nodeOptions: undefined, embedded: true, memoryMb }),
    ).toEqual([]);
  });

  it("leave the operator's own choice either way, on the command line or in NODE_OPTIONS", () => {
    expect(
      missingV8Flags({
        execArgv: ["--no-liftoff-only", "--max-semi-space-size=64"],
        nodeOptions: undefined,
        embedded: true,
        memoryMb,
      }),
    ).toEqual([]);
    expect(
      missingV8Flags({
        execArgv: ["--liftoff_only"],
        nodeOptions: "--enable-source-maps --max_semi_space_size=32",
        embedded: true,
        memoryMb,
      }),
    ).toEqual([]);
  });

  it("leave V8's own young generation where it is smaller: a server of 1 GB or less", () => {
    for (const small of [512, OWN_YOUNG_GENERATION_UP_TO_MB]) {
      expect(
        missingV8Flags({ execArgv: [], nodeOptions: undefined, embedded: true, memoryMb: small }),
      ).toEqual(["--liftoff-only"]);
    }
    expect(
      missingV8Flags({ execArgv: [], nodeOptions: undefined, embedded: false, memoryMb: 512 }),
    ).toEqual([]);
  });
});
