// A response made before the request's body has arrived in full (413 over the size limit, 429
// over a rate limit, 415 for the wrong type) says `Connection: close`: nothing reads the rest
// of that body, so the connection cannot carry a next request, and saying keep-alive sent
// pooled clients' next requests into a closing socket (a 502 behind nginx).
// The close lingers, as nginx's `lingering_close` does: node would destroy the socket as soon
// as the response is written, the kernel would meet the body still arriving with a reset, and
// a client still uploading could lose the response itself. docs/decisions/050.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

type Fetch<Bindings> = (request: Request, bindings: Bindings) => Response | Promise<Response>;
type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

/** How long, and how much of the rest of a body, a closing connection reads and throws away. */
export const LINGER_MS = 5_000;
export const LINGER_BYTES = 16 * 1024 * 1024;

/** Whether the request's headers announce a body (a length above 0, or chunks). */
export function announcesBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers["content-length"];
  return (
    (length !== undefined && length !== "0") || incoming.headers["transfer-encoding"] !== undefined
  );
}

/**
 * Replaces the destroy node does after a `Connection: close` response (its `destroySoon`) with a
 * half-close: the response and a FIN go out, and what the client still sends is read (node's
 * parser discards an unread body) until the client closes its side, LINGER_BYTES more arrive,
 * or LINGER_MS pass.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    let discarded = 0;
    socket.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) socket.destroy();
    });
    socket.once("close", () => clearTimeout(timer));
  };
}

/** The app's fetch, its responses saying `Connection: close` when the body has not all arrived. */
export function closeAfterEarlyResponses<Bindings>(fetch: Fetch<Bindings>): Fetch<Bindings> {
  return (request, bindings) => {
    const { incoming, outgoing } = (bindings ?? {}) as NodeBindings;
    // Most requests carry no body: nothing to wait for.
    if (!incoming || !outgoing || !announcesBody(incoming)) return fetch(request, bindings);
    const closeIfEarly = (response: Response) => {
      // `complete`: node's parser has received the whole message, read by the app or not; a
      // body that arrived in full is read off the wire by node after the response (keep-alive).
      if (!incoming.complete && !outgoing.headersSent) {
        outgoing.setHeader("connection", "close");
        lingerOnClose(incoming.socket);
      }
      return response;
    };
    const response = fetch(request, bindings);
    return response instanceof Promise ? response.then(closeIfEarly) : closeIfEarly(response);
  };
}
