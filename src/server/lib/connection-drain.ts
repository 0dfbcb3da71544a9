// Stopping the HTTP server without dropping requests it was sent. Node's http `close()` closes
// the listening socket at once, which resets every connection still waiting in the kernel's
// accept queue, and destroys every keep-alive connection with no request in progress,
// including one whose next request has arrived but not been read yet. Both happen when the
// event loop is busy, as it is while PGlite (which runs in the same thread) works: the fault
// run (scripts/faults) saw 18 of 30 creates in flight reset on SIGTERM.
//
// Instead, on stop:
// 1. Every answer from then on says `Connection: close`.
// 2. The server keeps accepting until no connection has arrived for `quietMs` (at most
//    `graceMs`), so the accept queue empties; then it stops listening.
// 3. Idle connections are closed in the event loop's check phase, right after a poll phase has
//    read whatever was pending on them, and again every `sweepMs`, until none is left open.
// 4. It resolves once no connection is open and no request is still being answered: a client
//    that hung up leaves its request running (a page render), and closing the database under
//    it logged "Cannot use a pool after calling end on the pool".
import type { Server as HttpServer, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

type Fetch<Bindings> = (request: Request, bindings: Bindings) => Response | Promise<Response>;

export type DrainOptions = { quietMs?: number; graceMs?: number; sweepMs?: number };

export type ConnectionDrain = {
  /** Says `Connection: close` on `response` once draining has begun (the app's and the cache's). */
  closeIfDraining(response: ServerResponse): void;
  /** The app's fetch, adding `Connection: close` to responses once draining has begun. */
  wrap<Bindings>(fetch: Fetch<Bindings>): Fetch<Bindings>;
  /** Drains `server` as above; resolves once every connection has closed and every answer is made. */
  close(server: HttpServer): Promise<void>;
  /** Whether close() has begun. */
  draining(): boolean;
};

/** Runs `task` in the check phase that follows the next poll phase. */
const afterPoll = (task: () => void) => setImmediate(task);

export function connectionDrain(options: DrainOptions = {}): ConnectionDrain {
  const { quietMs = 300, graceMs = 2_000, sweepMs = 250 } = options;
  let draining = false;
  let answering = 0;
  let allAnswered = () => {};
  const answered = () => {
    answering -= 1;
    if (answering === 0) allAnswered();
  };
  const closeIfDraining = (response: ServerResponse | undefined) => {
    if (draining && response && !response.headersSent) response.setHeader("connection", "close");
  };
  return {
    draining: () => draining,
    closeIfDraining,
    wrap(fetch) {
      return (request, bindings) => {
        closeIfDraining((bindings as { outgoing?: ServerResponse } | undefined)?.outgoing);
        const answer = fetch(request, bindings);
        if (!(answer instanceof Promise)) return answer;
        answering += 1;
        answer.then(answered, answered);
        return answer;
      };
    },
    close(server) {
      draining = true;
      const started = Date.now();
      let lastConnection = started;
      const onConnection = () => {
        lastConnection = Date.now();
      };
      server.on("connection", onConnection);
      return new Promise((resolve) => {
        let closed = false;
        const sweep = () => {
          if (closed) return;
          server.closeIdleConnections();
          setTimeout(() => afterPoll(sweep), sweepMs);
        };
        const stopListening = () => {
          server.off("connection", onConnection);
          // net.Server's own close: no new connections, the open ones left to finish.
          NetServer.prototype.close.call(server, () => {
            closed = true;
            if (answering === 0) resolve();
            else allAnswered = resolve;
          });
          sweep();
        };
        const waitForQuiet = () => {
          const now = Date.now();
          if (now - lastConnection >= quietMs || now - started >= graceMs) {
            afterPoll(stopListening);
          } else {
            setTimeout(waitForQuiet, Math.min(quietMs, 50));
          }
        };
        setTimeout(waitForQuiet, quietMs);
      });
    },
  };
}
