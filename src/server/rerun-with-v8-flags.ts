// Re-runs the server with the V8 flags it needs and Node's command line lacks (v8-flags.ts:
// Liftoff only on the embedded database, a young generation no larger than a 1 GB server's;
// decisions 086 and 093). Imported first, before anything else runs. execve keeps the process
// id, the open standard streams and the environment: to systemd, npm and a pid file it is the
// same process. Where Node has no execve (not Linux or macOS) the server runs with V8's own sizes.
import { memorySeenMb, missingV8Flags } from "./v8-flags";

const missing = missingV8Flags({
  execArgv: process.execArgv,
  nodeOptions: process.env.NODE_OPTIONS,
  embedded: !process.env.DATABASE_URL,
  memoryMb: memorySeenMb(),
});
if (missing.length > 0 && typeof process.execve === "function") {
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    process.env,
  );
}
