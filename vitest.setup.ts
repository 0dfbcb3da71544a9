// Any console.error during a test fails it: an error that no test asserts on is a bug or a
// missing assertion (epic-stack does the same). A test that causes one on purpose silences it
// where it does so, which also says that it is expected:
//   vi.spyOn(console, "error").mockImplementation(() => {});
// The silence ends with the test: each test's spy on console.error is restored after it.
// The server's own logs do not come through here: pino writes to stdout, and the test app logs
// at "silent" (test/test-app.ts). Errors logged outside any test (a beforeAll) fail the file.
import { format } from "node:util";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { preloadLazyComponents } from "@/client/lib/lazy-component";

// Test files share their process (vitest.config.ts: isolate false) and this file runs again
// before each: the first run's console.error is the one printed through, and each run (each
// test file) starts with nothing logged.
type Guard = { print: (...args: unknown[]) => void; logged: string[] };
const shared = globalThis as { consoleErrorGuard?: Guard };
shared.consoleErrorGuard ??= { print: console.error.bind(console), logged: [] };
const guard = shared.consoleErrorGuard;
const logged = guard.logged;
logged.length = 0;

// A plain function, not a spy: vi.restoreAllMocks() in a test must not take it away.
console.error = (...args: unknown[]) => {
  logged.push(format(...args));
  guard.print(...args);
};

function failOnLoggedErrors(where: string): void {
  if (logged.length === 0) return;
  const messages = logged.splice(0).join("\n");
  throw new Error(`console.error ${where} (silence it there if it is expected):\n${messages}`);
}

afterEach(() => {
  const current: unknown = console.error;
  if (vi.isMockFunction(current)) current.mockRestore();
  failOnLoggedErrors("during the test");
});
afterAll(() => failOnLoggedErrors("outside the tests of this file"));

// A page's lazy components load when it first renders. In a test run they are compiled from
// source on that first load, which under load can outlast the renderer's deadline
// (ssr/render-page.tsx), and the page is then answered 500. The ones this file's imports define
// are loaded before its tests; a worker loads each once (isolate: false).
beforeAll(() => preloadLazyComponents());
