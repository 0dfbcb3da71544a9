// /api/newsletter (docs/product.md §4.3, §7; docs/decisions/028): subscribing with double
// opt-in, the confirmation link's page, unsubscribing (the page and RFC 8058 one-click), and
// a signed-in member's own subscription (/settings).
import { Hono } from "hono";
import { z } from "zod";
import { signedIn } from "@/server/auth/middleware";
import { getViewer } from "@/server/auth/viewer";
import type { AppDeps, AppEnv } from "@/server/context";
import {
  HELD_RELEASE_QUEUES,
  holdSubmission,
  submissionHoldReason,
} from "@/server/domain/spam/held-submissions";
import { HttpError } from "@/server/lib/http-error";
import type { MailMessage } from "@/server/lib/mail";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { MyNewsletter, NewsletterConfirmResult, NewsletterResult } from "@/shared/api-types";
import { emailSchema, newsletterSchema, newsletterSettingSchema } from "@/shared/schemas";
import { readConfirmToken } from "./confirm-token";
import { confirmUrl, unsubscribeUrls } from "./links";
import {
  confirmSubscription,
  PENDING_DAYS,
  requestSubscription,
  subscribeOwnAddress,
  subscriptionStatus,
  unsubscribe,
} from "./subscribe";
import { alreadySubscribedEmail, confirmationEmail } from "./subscription-emails";
import { isValidUnsubscribeToken } from "./unsubscribe-token";
import { welcomeEmail } from "./welcome-email";

const TOO_MANY = "Too many subscription attempts. Please try again later.";

/**
 * Per client: nobody subscribes a list, or guesses links. Per address: nobody floods an inbox;
 * over that limit nothing is sent and the answer does not change, and the links already sent
 * stay valid (confirm-token.ts), so a stranger cannot lock the owner out.
 */
export const NEWSLETTER_LIMITS = {
  mailPerEmail: { name: "newsletter-email", max: 5, windowSeconds: 3600, message: TOO_MANY },
  perClient: { name: "newsletter-client", max: 20, windowSeconds: 3600, message: TOO_MANY },
  confirm: { name: "newsletter-confirm", max: 20, windowSeconds: 3600, message: TOO_MANY },
  /** Links that are not valid, per client. */
  unsubscribe: { name: "newsletter-unsubscribe", max: 20, windowSeconds: 3600, message: TOO_MANY },
  /**
   * Valid unsubscribe links, per address: mail providers send one-click unsubscribes for many
   * people from a few addresses of theirs, which a per-client limit would refuse.
   */
  unsubscribePerEmail: {
    name: "newsletter-unsubscribe-email",
    max: 10,
    windowSeconds: 3600,
    message: TOO_MANY,
  },
} satisfies Record<string, RateLimitRule>;

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid.";
export const INVALID_CONFIRM_LINK =
  "This confirmation link is not valid or has expired. Please subscribe again from the home page.";

const unsubscribeQuery = z.object({
  email: emailSchema,
  token: z.string({ error: INVALID_UNSUBSCRIBE_LINK }).min(1, INVALID_UNSUBSCRIBE_LINK).max(100),
});

const confirmBody = z.object({
  token: z.string({ error: INVALID_CONFIRM_LINK }).min(1, INVALID_CONFIRM_LINK).max(500),
});

/** Queues `message` unless its recipient has had enough newsletter mail this hour. */
async function sendLimited(deps: AppDeps, email: string, message: () => MailMessage) {
  if (!(await deps.rateLimiter.allow(NEWSLETTER_LIMITS.mailPerEmail, email))) {
    deps.logger.info("newsletter mail not sent: recipient limit reached");
    return;
  }
  try {
    await deps.mailer.send(message());
  } catch (error) {
    // docs/product.md §8: a failed subscription email is only logged; the request stands.
    deps.logger.error({ err: error }, "newsletter email failed");
  }
}

function sendWelcome(deps: AppDeps, email: string) {
  const { siteName, siteUrl } = deps.env;
  return sendLimited(deps, email, () =>
    welcomeEmail({
      to: email,
      siteName,
      unsubscribeUrl: unsubscribeUrls(deps.secret, siteUrl, email).pageUrl,
    }),
  );
}

/** What the owner of an address someone typed is told, by the address's state. */
function mailOwner(
  deps: AppDeps,
  email: string,
  status: Awaited<ReturnType<typeof requestSubscription>>,
) {
  const site = { siteName: deps.env.siteName };
  if (status === "active") {
    const { pageUrl } = unsubscribeUrls(deps.secret, deps.env.siteUrl, email);
    return sendLimited(deps, email, () => alreadySubscribedEmail(site, email, pageUrl));
  }
  return sendLimited(deps, email, () =>
    confirmationEmail(site, email, confirmUrl(deps.secret, deps.env.siteUrl, email)),
  );
}

/** What subscribeOwnAddress would answer for an address in this state. */
function predictedOwnStatus(state: Awaited<ReturnType<typeof subscriptionStatus>>) {
  if (state === "active") return "already_subscribed" as const;
  return state === "inactive" ? ("reactivated" as const) : ("subscribed" as const);
}

/**
 * A held subscription a moderator released: it does what the form would have done, a member's
 * own address subscribed at once, anyone else's asked for confirmation.
 */
export function defineHeldNewsletterRelease(deps: AppDeps): void {
  deps.jobs.define<{ email: string; userId: string | null }>({
    name: HELD_RELEASE_QUEUES.newsletter,
    handler: async ({ email, userId }) => {
      if (userId) {
        const status = await subscribeOwnAddress(deps.db, { email, userId });
        if (status === "subscribed") await sendWelcome(deps, email);
        return;
      }
      await mailOwner(deps, email, await requestSubscription(deps.db, email));
    },
  });
}

export const newsletterRoutes = new Hono<AppEnv>()
  .post("/", jsonBody(newsletterSchema), async (c) => {
    const { deps, clientIp } = c.var;
    const email = c.req.valid("json").email.toLowerCase();
    await deps.rateLimiter.hit(NEWSLETTER_LIMITS.perClient, clientIp);
    const viewer = await getViewer(c);
    const own = Boolean(viewer?.emailVerified && viewer.email.toLowerCase() === email);
    const reason = await submissionHoldReason(c);
    if (reason) {
      // Held for review (docs/decisions/034), with the answer it would have had.
      const userId = own ? (viewer?.id ?? null) : null;
      await holdSubmission(
        deps.db,
        {
          kind: "newsletter",
          payload: { email, userId },
          reason,
          userId,
        },
        deps.env.spamReleaseAfterMinutes,
      );
      if (!own) return c.json({ status: "check_email" } satisfies NewsletterResult, 200);
      const status = predictedOwnStatus(await subscriptionStatus(deps.db, email));
      return c.json({ status } satisfies NewsletterResult, status === "subscribed" ? 201 : 200);
    }
    // A member's own verified address needs no confirmation: the account's was confirmed.
    if (viewer && own) {
      const status = await subscribeOwnAddress(deps.db, { email, userId: viewer.id });
      if (status === "subscribed") await sendWelcome(deps, email);
      const body: NewsletterResult = { status };
      return c.json(body, status === "subscribed" ? 201 : 200);
    }
    // Anyone else: one answer whatever the address's state, and only its owner's link acts.
    await mailOwner(deps, email, await requestSubscription(deps.db, email));
    const body: NewsletterResult = { status: "check_email" };
    return c.json(body, 200);
  })
  // The confirmation link's page posts its token: a GET would let mail scanners confirm.
  .post("/confirm", jsonBody(confirmBody), async (c) => {
    const { deps, clientIp } = c.var;
    await deps.rateLimiter.hit(NEWSLETTER_LIMITS.confirm, clientIp);
    const email = readConfirmToken(deps.secret, c.req.valid("json").token, PENDING_DAYS);
    if (!email) {
      throw new HttpError(400, INVALID_CONFIRM_LINK, { fields: { token: INVALID_CONFIRM_LINK } });
    }
    const status = await confirmSubscription(deps.db, email);
    if (status === "confirmed") await sendWelcome(deps, email);
    const body: NewsletterConfirmResult = { status, email };
    return c.json(body);
  })
  // One-click unsubscribe (RFC 8058): mail providers POST `List-Unsubscribe=One-Click` to the
  // List-Unsubscribe address, without a cookie or an Origin; the client page posts there too.
  .post("/unsubscribe", queryParams(unsubscribeQuery), async (c) => {
    const { deps, clientIp } = c.var;
    const { email, token } = c.req.valid("query");
    const address = email.toLowerCase();
    if (!isValidUnsubscribeToken(deps.secret, address, token)) {
      await deps.rateLimiter.hit(NEWSLETTER_LIMITS.unsubscribe, clientIp);
      throw new HttpError(400, INVALID_UNSUBSCRIBE_LINK, {
        fields: { token: INVALID_UNSUBSCRIBE_LINK },
      });
    }
    await deps.rateLimiter.hit(NEWSLETTER_LIMITS.unsubscribePerEmail, address);
    await unsubscribe(deps.db, address);
    return c.json({ status: "unsubscribed" as const });
  })
  // The member's own address (/settings): subscribing it needs no confirmation.
  .use("/me", signedIn())
  .get("/me", async (c) => {
    const email = c.var.viewer.email.toLowerCase();
    const body: MyNewsletter = { email, status: await subscriptionStatus(c.var.deps.db, email) };
    c.header("cache-control", "private, no-store");
    return c.json(body);
  })
  .put("/me", jsonBody(newsletterSettingSchema), async (c) => {
    const { deps, viewer } = c.var;
    const email = viewer.email.toLowerCase();
    if (c.req.valid("json").subscribed) {
      const status = await subscribeOwnAddress(deps.db, { email, userId: viewer.id });
      if (status === "subscribed") await sendWelcome(deps, email);
    } else {
      await unsubscribe(deps.db, email);
    }
    const body: MyNewsletter = { email, status: await subscriptionStatus(deps.db, email) };
    c.header("cache-control", "private, no-store");
    return c.json(body);
  });
