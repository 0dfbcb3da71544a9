// The app the two input runs (hostile-input, naughty-strings) send to: rate limits raised out
// of the way (rate-limits.test.ts is about limits), the control token set so its routes are
// reached, a caller for each role and the catalogue of every endpoint.
import { createApp } from "@/server/app";
import type { StaticFile } from "@/server/lib/static-files";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { buildCatalogue, type Catalogue } from "./input-catalogue";
import { type Callers, createCallers } from "./test-support";

export type HostileRun = {
  t: TestApp;
  app: ReturnType<typeof createApp>;
  callers: Callers;
  catalogue: Catalogue;
};

const SHELL = new Map<string, StaticFile>([
  [
    "/index.html",
    {
      // With the root element the server renders pages into (docs/decisions/025).
      body: Buffer.from(
        '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
      ),
      contentType: "text/html; charset=utf-8",
      etag: '"shell"',
      immutable: false,
    },
  ],
]);

export async function startHostileRun(controlToken: string): Promise<HostileRun> {
  const t = await createTestApp({
    env: { RATE_LIMIT_MULTIPLIER: "100000" },
    rateLimits: { signIn: 100_000, signUp: 100_000 },
  });
  // With a page shell, so that pages whose path takes a value (/blog/{slug}) are reached.
  const app = createApp({ ...t.deps, controlToken }, { staticFiles: SHELL });
  const callers = await createCallers(t);
  const catalogue = await buildCatalogue(t, callers, controlToken);
  return { t, app, callers, catalogue };
}
