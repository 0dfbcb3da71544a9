// The embedded database is PostgreSQL compiled to WebAssembly, and V8 compiles it twice: first
// with its baseline compiler (Liftoff), then its busiest functions again with its optimising
// one (TurboFan). That second compile of PostgreSQL's large functions is the highest peak of the
// server's memory, and what it leaves behind is 100-200 MB of the steady memory: on a 512 MB
// server, the difference between running and being killed (docs/decisions/086, with what it
// costs in query speed). `--liftoff-only` keeps V8 on the baseline compiler. V8 takes the flag
// only on Node's command line (NODE_OPTIONS refuses it; v8.setFlagsFromString comes too late),
// so the server re-runs itself with it before it loads anything else. execve keeps the process
// id, the open standard streams and the environment: to systemd, npm and a pid file it is the
// same process. Imported first, before anything else runs.
//
// Not with DATABASE_URL (no WebAssembly to compile), and not when Node was started with
// `--no-liftoff-only`: the way to choose TurboFan's speed on a server with memory to spare.
const chosen = process.execArgv.some((flag) => /^--(no-)?liftoff[-_]only$/.test(flag));
if (!chosen && !process.env.DATABASE_URL && typeof process.execve === "function") {
  process.execve(
    process.execPath,
    [process.execPath, "--liftoff-only", ...process.execArgv, ...process.argv.slice(1)],
    process.env,
  );
}
