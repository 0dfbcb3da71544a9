// /api/forms (docs/decisions/034): the signed time a public form was shown, which the form
// sends back so that the server can tell a submission made too fast (the minimum fill time).
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { issueFormToken } from "@/server/domain/spam/form-token";
import type { FormTokenResponse } from "@/shared/spam";

export const formRoutes = new Hono<AppEnv>().get("/token", (c) => {
  c.header("cache-control", "no-store");
  const body: FormTokenResponse = { token: issueFormToken(c.var.deps.secret) };
  return c.json(body);
});
