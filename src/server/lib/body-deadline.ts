// A request body that must arrive within a deadline. A route that holds a scarce place while a
// body arrives (a post image's upload, docs/decisions/098) would otherwise hold it for as long
// as a sender cares to trickle the bytes in: Node's own bound is its request timeout, 300 s.
import { HttpError } from "./http-error";

export const BODY_TOO_SLOW = "The upload took too long. Please try again.";

/**
 * `request` again, its body a stream that fails with 408 once `ms` have passed before the
 * sender's body ended, whoever is reading it (a body-limit count, a form parse). The sender's
 * stream is not cancelled: the 408 goes out with `Connection: close`, and the socket is let go
 * after its short linger (lib/early-response-close.ts). `stop` ends the clock.
 */
export function withBodyDeadline(
  request: Request,
  ms: number,
): { request: Request; stop: () => void } {
  const source = request.body;
  if (!source) return { request, stop: () => undefined };
  const reader = source.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  const settle = () => {
    settled = true;
    clearTimeout(timer);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setTimeout(() => {
        if (settled) return;
        settle();
        controller.error(new HttpError(408, BODY_TOO_SLOW));
      }, ms);
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (settled) return;
        if (done) {
          settle();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        if (settled) return;
        settle();
        controller.error(error);
      }
    },
    cancel(reason) {
      settle();
      return reader.cancel(reason);
    },
  });
  // `duplex` is how fetch's Request takes a stream for a body (Node requires it).
  const init = { body, duplex: "half" } as RequestInit;
  return { request: new Request(request, init), stop: settle };
}
