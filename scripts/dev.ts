// npm run dev: the API server (restarting on change) and Vite (hot reload) side by side.
// Open http://localhost:5173; Vite proxies /api and /uploads to the server on PORT (3000 unless
// set: both children get this environment, and vite.config.ts reads PORT for its proxy).
import { spawn } from "node:child_process";

const env = {
  ...process.env,
  SITE_URL: process.env.SITE_URL ?? "http://localhost:5173",
  // React's development build, with its warnings (the server defaults to production).
  NODE_ENV: process.env.NODE_ENV ?? "development",
};
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
    stdio: "inherit",
    env,
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
