// An answer made before the request's body has arrived in full (413 over the size limit, 429
// over a rate limit, 415 for the wrong type) says `Connection: close`, and node closes the
// connection after it: nothing reads the rest of that body, so the connection cannot carry a
// next request, and saying keep-alive sent pooled clients' next requests into a closing socket
// (a 502 behind nginx). docs/decisions/050.
import type { IncomingMessage, ServerResponse } from "node:http";

type Fetch<Bindings> = (request: Request, bindings: Bindings) => Response | Promise<Response>;
type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

/** Whether the request's headers announce a body (a length above 0, or chunks). */
export function announcesBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers["content-length"];
  return (
    (length !== undefined && length !== "0") || incoming.headers["transfer-encoding"] !== undefined
  );
}

/** The app's fetch, its answers saying `Connection: close` when the body has not all arrived. */
export function closeAfterEarlyAnswers<Bindings>(fetch: Fetch<Bindings>): Fetch<Bindings> {
  return (request, bindings) => {
    const { incoming, outgoing } = (bindings ?? {}) as NodeBindings;
    // Most requests carry no body: nothing to wait for.
    if (!incoming || !outgoing || !announcesBody(incoming)) return fetch(request, bindings);
    const closeIfEarly = (answer: Response) => {
      // `complete`: node's parser has received the whole message, read by the app or not; a
      // body that arrived in full is read off the wire by node after the answer (keep-alive).
      if (!incoming.complete && !outgoing.headersSent) outgoing.setHeader("connection", "close");
      return answer;
    };
    const answer = fetch(request, bindings);
    return answer instanceof Promise ? answer.then(closeIfEarly) : closeIfEarly(answer);
  };
}
