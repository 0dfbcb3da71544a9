import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HttpError } from "./http-error";
import { jsonBody, NUL_CHARACTER_MESSAGE, queryParams } from "./validate";

const app = new Hono()
  .post(
    "/body",
    jsonBody(z.object({ title: z.string(), tags: z.array(z.string()).optional() })),
    (c) => c.json(c.req.valid("json")),
  )
  .get("/query", queryParams(z.object({ q: z.string().optional() })), (c) =>
    c.json(c.req.valid("query")),
  )
  .onError((error, c) =>
    error instanceof HttpError ? c.json(error.toBody(), error.status) : c.text("boom", 500),
  );

const post = (body: unknown) =>
  app.request("/body", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("NUL characters (PostgreSQL text cannot store them)", () => {
  it("refuses one anywhere in a JSON body with 400 naming the field", async () => {
    const response = await post({ title: "a\u0000b" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "INVALID_INPUT",
        message: NUL_CHARACTER_MESSAGE,
        fields: { title: NUL_CHARACTER_MESSAGE },
      },
    });
    const nested = await post({ title: "ok", tags: ["fine", "\u0000"] });
    expect(((await nested.json()) as { error: { fields: object } }).error.fields).toEqual({
      "tags.1": NUL_CHARACTER_MESSAGE,
    });
    expect((await post({ title: "ok", "\u0000": 1 })).status).toBe(400);
  });

  it("refuses one in a query value", async () => {
    expect((await app.request("/query?q=a%00b")).status).toBe(400);
  });

  it("lets every other character through to the schema", async () => {
    const response = await post({ title: "tab\tnewline\n\u0001 é 😀 \u202e" });
    expect(response.status).toBe(200);
  });
});
