// better-auth's endpoints under /api/auth, with our own front door: sign-up and sign-in bodies
// are checked with the shared schemas (SPEC §5 messages), the client address better-auth rate
// limits by is ours to set, and its errors are reshaped into DESIGN's error body.
import { Hono } from "hono";
import { signInSchema, signUpSchema } from "../../shared/schemas";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { DatabaseUnavailableError, isDatabaseReachable } from "../lib/database-errors";
import { errorBody } from "../lib/http-error";
import { jsonBody } from "../lib/validate";
import { CLIENT_IP_HEADER } from "./auth";

const AUTH_BASE_PATH = "/api/auth";

/**
 * better-auth's endpoints that the site uses, besides sign-up and sign-in above. The others
 * (update-user, change-email, delete-user, revoke-sessions, ...) answer 404: nothing in the
 * product calls them, and update-user would store a name without SPEC §5's cleaning.
 */
const PASSED_THROUGH = new Set([
  "POST /sign-out",
  "GET /get-session",
  "GET /verify-email",
  "GET /ok",
  "GET /error",
]);

/** A same-site path such as "/auth?verified=1"; anything else is dropped. */
function localPath(value: unknown): string | undefined {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//")
    ? value
    : undefined;
}

function forwardedRequest(original: Request, clientIp: string, body?: unknown): Request {
  const headers = new Headers(original.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  const init: RequestInit = { method: original.method, headers };
  if (body !== undefined) {
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    init.body = JSON.stringify(body);
  } else if (original.method !== "GET" && original.method !== "HEAD") {
    init.body = original.body;
    (init as { duplex?: string }).duplex = "half";
  }
  return new Request(original.url, init);
}

/**
 * better-auth answers errors as `{ code?, message }`, or with no body at all; clients get
 * `{ error: { code, message } }`. better-auth turns a database failure into a bare 500: a
 * probe tells whether the database is away, which answers 503 with Retry-After instead.
 */
async function reshapeError(response: Response, db: Db): Promise<Response> {
  if (response.ok || response.status < 400) return response;
  const status = response.status;
  if (status >= 500) {
    if (!(await isDatabaseReachable(db))) throw new DatabaseUnavailableError();
    // Never better-auth's own words for a failure: they may describe internals.
    return new Response(JSON.stringify(errorBody(500, "Something went wrong. Please try again.")), {
      status: 500,
      headers: { "content-type": "application/json" },
    });
  }
  const json = response.headers.get("content-type")?.includes("application/json");
  const body = (json ? await response.json().catch(() => ({})) : {}) as {
    code?: string;
    message?: string;
  };
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  if (status === 429) {
    const retryAfter = headers.get("x-retry-after");
    if (retryAfter) headers.set("retry-after", retryAfter);
  }
  const code = status === 429 ? "RATE_LIMITED" : (body.code ?? "AUTH_ERROR");
  const message =
    status === 429
      ? "Too many attempts. Please wait a minute and try again."
      : (body.message ?? "An unexpected error occurred.");
  return new Response(JSON.stringify(errorBody(status as 400, message, code)), { status, headers });
}

export const authRoutes = new Hono<AppEnv>()
  .post("/sign-up/email", jsonBody(signUpSchema), async (c) => {
    const raw = (await c.req.json()) as Record<string, unknown>;
    const body = {
      ...c.req.valid("json"),
      callbackURL: localPath(raw.callbackURL) ?? "/auth?verified=1",
    };
    const response = await c.var.deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, body),
    );
    return reshapeError(response, c.var.deps.db);
  })
  .post("/sign-in/email", jsonBody(signInSchema), async (c) => {
    const raw = (await c.req.json()) as Record<string, unknown>;
    const body = {
      ...c.req.valid("json"),
      rememberMe: raw.rememberMe !== false,
      callbackURL: localPath(raw.callbackURL),
    };
    const response = await c.var.deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, body),
    );
    return reshapeError(response, c.var.deps.db);
  })
  .on(["GET", "POST"], "/*", async (c) => {
    const endpoint = `${c.req.method} ${c.req.path.slice(AUTH_BASE_PATH.length)}`;
    if (!PASSED_THROUGH.has(endpoint)) return c.json(errorBody(404, "Not found"), 404);
    const response = await c.var.deps.auth.handler(forwardedRequest(c.req.raw, c.var.clientIp));
    return reshapeError(response, c.var.deps.db);
  });
