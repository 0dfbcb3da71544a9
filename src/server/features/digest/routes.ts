// /api/digest (issue 43, docs/decisions/073): the member's own digest choice, and the digest's
// unsubscribe link (no session: the token is the credential, as for notification mail).
import { Hono } from "hono";
import { z } from "zod";
import { signedIn } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody, queryParams } from "@/server/lib/validate";
import { type DigestSetting, digestSettingSchema } from "@/shared/digest";
import { digestChoice, setDigestChoice } from "./settings";
import { readDigestUnsubscribeToken } from "./unsubscribe-token";

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid.";

export const DIGEST_UNSUBSCRIBE_LIMIT: RateLimitRule = {
  name: "digest-unsubscribe",
  max: 30,
  windowSeconds: 3600,
  message: "Too many requests. Please try again later.",
};

const unsubscribeQuery = z.object({
  token: z.string({ error: INVALID_UNSUBSCRIBE_LINK }).min(1, INVALID_UNSUBSCRIBE_LINK).max(1000),
});

export const digestRoutes = new Hono<AppEnv>()
  // One-click unsubscribe (RFC 8058): mail providers POST `List-Unsubscribe=One-Click` here with
  // no cookie; the client page, which asks first, posts to the same address.
  .post("/unsubscribe", queryParams(unsubscribeQuery), async (c) => {
    const { deps, clientIp } = c.var;
    await deps.rateLimiter.hit(DIGEST_UNSUBSCRIBE_LIMIT, clientIp);
    const userId = readDigestUnsubscribeToken(deps.secret, c.req.valid("query").token);
    if (!userId) {
      throw new HttpError(400, INVALID_UNSUBSCRIBE_LINK, {
        fields: { token: INVALID_UNSUBSCRIBE_LINK },
      });
    }
    // The same answer whether the account is there, off already or erased: another answer
    // would tell whoever holds the link whether the account exists (unsubscribe-links.test.ts).
    await setDigestChoice(deps.db, userId, "off");
    const body: DigestSetting = { digest: "off" };
    return c.json(body);
  })
  .use(signedIn())
  .get("/", async (c) => {
    const body: DigestSetting = { digest: await digestChoice(c.var.deps.db, c.var.viewer.id) };
    return c.json(body);
  })
  .put("/", jsonBody(digestSettingSchema), async (c) => {
    const { digest } = c.req.valid("json");
    await setDigestChoice(c.var.deps.db, c.var.viewer.id, digest);
    const body: DigestSetting = { digest };
    return c.json(body);
  });
