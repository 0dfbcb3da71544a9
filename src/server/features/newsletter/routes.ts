import { Hono } from "hono";
import { z } from "zod";
import { getViewer } from "@/server/auth/viewer";
import type { AppDeps, AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody } from "@/server/lib/validate";
import type { NewsletterResult } from "@/shared/api-types";
import { emailSchema, newsletterSchema } from "@/shared/schemas";
import { subscribe, unsubscribe } from "./subscribe";
import { isValidUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token";
import { welcomeEmail } from "./welcome-email";

const TOO_MANY = "Too many subscription attempts. Please try again later.";

// Per address: nobody gets a flood of welcome emails (over the limit the subscription stands
// and only the mail is not sent: a stranger cannot stop the owner). Per client: nobody
// subscribes a list.
export const NEWSLETTER_LIMITS = {
  welcomesPerEmail: { name: "newsletter-email", max: 5, windowSeconds: 3600, message: TOO_MANY },
  perClient: { name: "newsletter-client", max: 20, windowSeconds: 3600, message: TOO_MANY },
  unsubscribe: { name: "newsletter-unsubscribe", max: 20, windowSeconds: 3600, message: TOO_MANY },
} satisfies Record<string, RateLimitRule>;

/** The client page the welcome email links to; it asks before unsubscribing. */
export const UNSUBSCRIBE_PAGE = "/newsletter/unsubscribe";

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid.";

const unsubscribeSchema = z.object({
  email: emailSchema,
  token: z.string({ error: INVALID_UNSUBSCRIBE_LINK }).min(1, INVALID_UNSUBSCRIBE_LINK).max(100),
});

async function authSecret(deps: AppDeps): Promise<string> {
  return (await deps.auth.$context).secret;
}

async function sendWelcome(deps: AppDeps, email: string): Promise<void> {
  if (!(await deps.rateLimiter.allow(NEWSLETTER_LIMITS.welcomesPerEmail, email))) {
    deps.logger.info("newsletter welcome not sent: recipient limit reached");
    return;
  }
  try {
    const url = new URL(UNSUBSCRIBE_PAGE, deps.env.siteUrl);
    url.searchParams.set("email", email);
    url.searchParams.set("token", unsubscribeToken(await authSecret(deps), email));
    await deps.mailer.send(
      welcomeEmail({ to: email, siteName: deps.env.siteName, unsubscribeUrl: url.href }),
    );
  } catch (error) {
    // docs/product.md §8: a failed welcome email is only logged; the subscription stands.
    deps.logger.error({ err: error, to: email }, "newsletter welcome email failed");
  }
}

/** POST /api/newsletter (docs/product.md §4) and POST /api/newsletter/unsubscribe. */
export const newsletterRoutes = new Hono<AppEnv>()
  .post("/", jsonBody(newsletterSchema), async (c) => {
    const { deps, clientIp } = c.var;
    const email = c.req.valid("json").email.toLowerCase();
    await deps.rateLimiter.hit(NEWSLETTER_LIMITS.perClient, clientIp);
    const viewer = await getViewer(c);
    const status = await subscribe(deps.db, { email, userId: viewer?.id ?? null });
    if (status === "subscribed") await sendWelcome(deps, email);
    const body: NewsletterResult = { status };
    return c.json(body, status === "subscribed" ? 201 : 200);
  })
  .post("/unsubscribe", jsonBody(unsubscribeSchema), async (c) => {
    const { deps, clientIp } = c.var;
    await deps.rateLimiter.hit(NEWSLETTER_LIMITS.unsubscribe, clientIp);
    const { email, token } = c.req.valid("json");
    if (!isValidUnsubscribeToken(await authSecret(deps), email, token)) {
      throw new HttpError(400, INVALID_UNSUBSCRIBE_LINK, {
        fields: { token: INVALID_UNSUBSCRIBE_LINK },
      });
    }
    await unsubscribe(deps.db, email);
    return c.json({ status: "unsubscribed" as const });
  });
