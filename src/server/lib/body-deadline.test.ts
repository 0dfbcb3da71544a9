import { describe, expect, it } from "vitest";
import { BODY_TOO_SLOW, withBodyDeadline } from "./body-deadline";
import { HttpError } from "./http-error";

const post = (body: ReadableStream<Uint8Array>) =>
  new Request("http://localhost/", { method: "POST", body, duplex: "half" } as RequestInit);

describe("withBodyDeadline", () => {
  it("passes a body that arrives in time through whole, and stops its clock", async () => {
    const chunks = ["one ", "two ", "three"];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const { request } = withBodyDeadline(post(body), 50);
    expect(await request.text()).toBe("one two three");
    // Past the deadline now: a body read in full is not failed afterwards.
    await new Promise((resolve) => setTimeout(resolve, 80));
  });

  it("fails a body that goes quiet with 408 at the deadline, whoever reads it", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) return controller.enqueue(new Uint8Array(10));
        return new Promise<void>(() => {});
      },
    });
    const started = Date.now();
    const { request } = withBodyDeadline(post(body), 50);
    const failure = await request.arrayBuffer().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 408, message: BODY_TOO_SLOW });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("leaves a request without a body as it is", () => {
    const request = new Request("http://localhost/");
    expect(withBodyDeadline(request, 50).request).toBe(request);
  });
});
