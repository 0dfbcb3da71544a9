import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineBackgroundWork } from "@/server/background";
import type { Database } from "@/server/db/client";
import { createDeps } from "@/server/deps";
import { testEnv } from "./test-env";

/**
 * Makes the app's job queues on the test template (test-database.ts), as the server's first
 * start makes them: creating a queue creates tables, about 0.3 s each on PGlite, which every
 * test file paid (issue 34). A test app's start then finds them made.
 */
export async function createAppQueues(database: Database): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "rc-test-"));
  const deps = createDeps({
    env: testEnv(dataDir),
    database,
    printMailLinks: false,
    clientIp: () => "127.0.0.1",
  });
  defineBackgroundWork(deps);
  await deps.jobs.start();
  await deps.jobs.stop();
  await deps.live.close();
  await rm(dataDir, { recursive: true, force: true });
}
