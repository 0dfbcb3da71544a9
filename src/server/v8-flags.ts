// The V8 flags the server runs with, for a small server (docs/decisions/086 and 093). V8 reads
// them only from Node's command line before its heap exists (NODE_OPTIONS refuses some, and
// v8.setFlagsFromString comes too late), so rerun-with-v8-flags.ts re-runs the process with any
// that are missing. A flag the operator gave either way is theirs: it is never added twice or
// overridden.
import { totalmem } from "node:os";

/**
 * The young generation's two semi-spaces, in MB, at most. V8 sizes them by the memory Node sees
 * (a memory cgroup's limit included): measured on Node 24.21 with a loop that keeps some of what
 * it allocates, the young generation grew to 5 MB under a 512 MB limit, 32 MB under 1 GB, 64 MB
 * under 2 GB and 128 MB from 8 GB up. On a large machine that is about 67 MB of the server's
 * resident memory, a nursery mostly empty between requests. Semi-spaces of 16 MB took about
 * 30 MB off the steady memory and cost no CPU bench:page-cpu could see (bench/RESULTS.md §38);
 * 8 MB took a little more memory and 0-30% more CPU on a member's forum page.
 */
export const SEMI_SPACE_MB = 16;

/**
 * The memory (MB) up to which V8's own semi-spaces are no larger than SEMI_SPACE_MB: under 1 GB
 * they are 16 MB. Below it the flag would raise them, so it is not given: on a 512 MB server V8's
 * own young generation is the smaller.
 */
export const OWN_YOUNG_GENERATION_UP_TO_MB = 1024;

/** The memory Node sizes V8's heap by, MB: a cgroup's limit where it is below the machine's. */
export function memorySeenMb(): number {
  return Math.min(totalmem(), process.constrainedMemory() || Number.POSITIVE_INFINITY) / 2 ** 20;
}

type Started = {
  /** Node's own flags (`process.execArgv`). */
  execArgv: readonly string[];
  /** `NODE_OPTIONS`, where an operator may give the young generation's size instead. */
  nodeOptions: string | undefined;
  /** Whether the database is the embedded one (no DATABASE_URL): WebAssembly to compile. */
  embedded: boolean;
  /** The memory Node sizes V8's heap by, MB: the machine's, or a memory cgroup's limit. */
  memoryMb: number;
};

const given = (flags: readonly string[], pattern: RegExp) =>
  flags.some((flag) => pattern.test(flag));

/** The flags to re-run with, none when every one is already on the command line. */
export function missingV8Flags({ execArgv, nodeOptions, embedded, memoryMb }: Started): string[] {
  const missing: string[] = [];
  // Liftoff only: V8's second, optimising compile of PGlite's WebAssembly is most of the peaks
  // and 100-200 MB of the steady memory (decision 086). `--no-liftoff-only` keeps TurboFan.
  if (embedded && !given(execArgv, /^--(no-)?liftoff[-_]only$/)) missing.push("--liftoff-only");
  const semiSpace = /^--max[-_]semi[-_]space[-_]size(=|$)/;
  const fromOptions = (nodeOptions ?? "").split(/\s+/);
  const ownIsLarger = memoryMb > OWN_YOUNG_GENERATION_UP_TO_MB;
  if (ownIsLarger && !given(execArgv, semiSpace) && !given(fromOptions, semiSpace)) {
    missing.push(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  }
  return missing;
}
