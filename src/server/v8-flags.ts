// The V8 flags the server runs with, for a small server (docs/decisions/086 and 093). V8 reads
// them only from Node's command line before its heap exists (NODE_OPTIONS refuses some, and
// v8.setFlagsFromString comes too late), so rerun-with-v8-flags.ts re-runs the process with any
// that are missing. A flag the operator gave either way is theirs: it is never added twice or
// overridden.

/**
 * The young generation's two semi-spaces, in MB. V8 sizes them by the memory it sees: 32 MB each
 * on a machine of 24 GB, so about 67 MB of the server's resident memory is a nursery that is
 * mostly empty between requests. 16 MB each cost no CPU that bench:page-cpu could see and took
 * about 30 MB off the steady memory (bench/RESULTS.md §38); 8 MB took a little more memory and
 * 5-20% more CPU on a member's forum page.
 */
export const SEMI_SPACE_MB = 16;

type Started = {
  /** Node's own flags (`process.execArgv`). */
  execArgv: readonly string[];
  /** `NODE_OPTIONS`, where an operator may give the young generation's size instead. */
  nodeOptions: string | undefined;
  /** Whether the database is the embedded one (no DATABASE_URL): WebAssembly to compile. */
  embedded: boolean;
};

const given = (flags: readonly string[], pattern: RegExp) =>
  flags.some((flag) => pattern.test(flag));

/** The flags to re-run with, none when every one is already on the command line. */
export function missingV8Flags({ execArgv, nodeOptions, embedded }: Started): string[] {
  const missing: string[] = [];
  // Liftoff only: V8's second, optimising compile of PGlite's WebAssembly is most of the peaks
  // and 100-200 MB of the steady memory (decision 086). `--no-liftoff-only` keeps TurboFan.
  if (embedded && !given(execArgv, /^--(no-)?liftoff[-_]only$/)) missing.push("--liftoff-only");
  const semiSpace = /^--max[-_]semi[-_]space[-_]size(=|$)/;
  const fromOptions = (nodeOptions ?? "").split(/\s+/);
  if (!given(execArgv, semiSpace) && !given(fromOptions, semiSpace)) {
    missing.push(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  }
  return missing;
}
