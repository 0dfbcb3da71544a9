// /api/notifications (docs/product.md §2.23, §7): a member's own list, unread count, live count,
// read state and email settings; the unsubscribe link of a notification email (no session:
// the token is the credential). /api/discussions/{id}/follow and /api/categories/{slug}/follow:
// following or muting a discussion, or a whole category (issue 41).
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type SignedInEnv, signedIn } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { requireCategory } from "@/server/domain/categories/categories";
import { DISCUSSION_NOT_FOUND } from "@/server/domain/discussions/edit";
import { findActiveDiscussion } from "@/server/domain/discussions/queries";
import { HttpError } from "@/server/lib/http-error";
import { UUID_ID, uuidParam } from "@/server/lib/ids";
import { liveEventStream } from "@/server/lib/live-sse";
import { pageQuerySchema } from "@/server/lib/page-cursor";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody, queryParams } from "@/server/lib/validate";
import {
  type FollowAnswer,
  followSchema,
  KIND_LABELS,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationPage,
  notificationSettingsSchema,
  type UnreadCount,
} from "@/shared/notifications";
import {
  emailSettings,
  followState,
  listNotifications,
  markAllRead,
  markRead,
  setEmailSettings,
  setFollowState,
  unreadCount,
} from "./queries";
import { readUnsubscribeToken } from "./unsubscribe-token";

/** The channel migration 0016's trigger announces a member's changed entries on. */
export const NOTIFICATIONS_CHANNEL = "notifications_changed";
/** The live stream's event: its data is empty; the browser refetches its own count. */
export const NOTIFICATIONS_EVENT = "notifications";

export const NOTIFICATION_NOT_FOUND = "Notification not found";
export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid.";

export const UNSUBSCRIBE_LIMIT: RateLimitRule = {
  name: "notification-unsubscribe",
  max: 30,
  windowSeconds: 3600,
  message: "Too many requests. Please try again later.",
};

const listQuery = pageQuerySchema(NOTIFICATIONS_PAGE_SIZE, 50);
const unsubscribeQuery = z.object({
  token: z.string({ error: INVALID_UNSUBSCRIBE_LINK }).min(1, INVALID_UNSUBSCRIBE_LINK).max(1000),
});

export const notificationRoutes = new Hono<AppEnv>()
  // One-click unsubscribe (RFC 8058): mail providers POST `List-Unsubscribe=One-Click` to the
  // List-Unsubscribe address with no cookie; the client page posts to the same address.
  .post("/unsubscribe", queryParams(unsubscribeQuery), async (c) => {
    const { deps, clientIp } = c.var;
    await deps.rateLimiter.hit(UNSUBSCRIBE_LIMIT, clientIp);
    const claim = readUnsubscribeToken(deps.secret, c.req.valid("query").token);
    if (!claim) {
      throw new HttpError(400, INVALID_UNSUBSCRIBE_LINK, {
        fields: { token: INVALID_UNSUBSCRIBE_LINK },
      });
    }
    await setEmailSettings(
      deps.db,
      claim.userId,
      Object.fromEntries(claim.kinds.map((kind) => [kind, "off"])),
    );
    return c.json({ unsubscribed: claim.kinds.map((kind) => KIND_LABELS[kind]) });
  })
  .use(signedIn())
  .get("/", queryParams(listQuery), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const page: NotificationPage = await listNotifications(
      c.var.deps.db,
      c.var.viewer,
      cursor,
      limit,
    );
    return c.json(page);
  })
  .get("/unread-count", async (c) => {
    const body: UnreadCount = { unread: await unreadCount(c.var.deps.db, c.var.viewer.id) };
    return c.json(body);
  })
  // The viewer's own changes only: the stream filters the channel by the session's account,
  // and its events carry no data (the browser asks for its count, through the session).
  .get("/events", (c) => {
    const me = c.var.viewer.id;
    return liveEventStream(c as unknown as Context<AppEnv>, {
      channel: NOTIFICATIONS_CHANNEL,
      event: NOTIFICATIONS_EVENT,
      toData: (payload) => (payload === me ? "changed" : null),
    });
  })
  .post("/read-all", async (c) => {
    await markAllRead(c.var.deps.db, c.var.viewer.id);
    return c.body(null, 204);
  })
  .post("/:id/read", async (c) => {
    const id = uuidParam(c, "id", NOTIFICATION_NOT_FOUND);
    // Someone else's entry is as missing as one that does not exist.
    if (!(await markRead(c.var.deps.db, c.var.viewer.id, id))) {
      throw new HttpError(404, NOTIFICATION_NOT_FOUND);
    }
    return c.body(null, 204);
  })
  .get("/settings", async (c) => {
    return c.json(await emailSettings(c.var.deps.db, c.var.viewer.id));
  })
  .put("/settings", jsonBody(notificationSettingsSchema), async (c) => {
    const { db } = c.var.deps;
    await setEmailSettings(db, c.var.viewer.id, c.req.valid("json").email);
    return c.json(await emailSettings(db, c.var.viewer.id));
  });

async function followedDiscussion(c: Context<SignedInEnv>): Promise<string> {
  const id = uuidParam(c, "id", DISCUSSION_NOT_FOUND);
  if (!UUID_ID.test(id) || !(await findActiveDiscussion(c.var.deps.db, id))) {
    throw new HttpError(404, DISCUSSION_NOT_FOUND);
  }
  return id;
}

/** Mounted at /api/discussions/:id/follow. */
export const followRoutes = new Hono<AppEnv>()
  .use(signedIn())
  .get("/", async (c) => {
    const id = await followedDiscussion(c);
    const body: FollowAnswer = {
      state: await followState(c.var.deps.db, c.var.viewer.id, { kind: "discussion", id }),
    };
    return c.json(body);
  })
  .put("/", jsonBody(followSchema), async (c) => {
    const id = await followedDiscussion(c);
    const { state } = c.req.valid("json");
    await setFollowState(c.var.deps.db, c.var.viewer.id, { kind: "discussion", id }, state);
    const body: FollowAnswer = { state };
    return c.json(body);
  });

/** Mounted at /api/categories/:slug/follow: an unknown slug is 404 `Category not found`. */
export const categoryFollowRoutes = new Hono<AppEnv>()
  .use(signedIn())
  .get("/", async (c) => {
    const { db } = c.var.deps;
    const category = await requireCategory(db, c.req.param("slug") ?? "");
    const body: FollowAnswer = {
      state: await followState(db, c.var.viewer.id, { kind: "category", id: category.id }),
    };
    return c.json(body);
  })
  .put("/", jsonBody(followSchema), async (c) => {
    const { db } = c.var.deps;
    const category = await requireCategory(db, c.req.param("slug") ?? "");
    const { state } = c.req.valid("json");
    await setFollowState(db, c.var.viewer.id, { kind: "category", id: category.id }, state);
    const body: FollowAnswer = { state };
    return c.json(body);
  });
