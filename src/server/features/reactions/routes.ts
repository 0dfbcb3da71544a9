// /api/reactions (issue 45, docs/decisions/075). PUT adds the viewer's reaction of a kind to a
// discussion's opening post or a reply, DELETE takes it back: both idempotent, both answer the
// post's counts now and the viewer's kinds. GET names who reacted; GET .../mine is the viewer's
// reactions in a discussion (the page's pressed buttons), kept out of the cached thread.
import type { Context } from "hono";
import { Hono } from "hono";
import { type SignedInEnv, signedIn } from "@/server/auth/middleware";
import { requestSiteSettings } from "@/server/auth/request-site-settings";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { collapsedAuthorIds } from "@/server/domain/blocks/blocked-authors";
import { discussionOpenable } from "@/server/domain/discussions/queries";
import { nudgeOutbox } from "@/server/domain/notifications/outbox";
import { postReactionCounts } from "@/server/domain/reactions/counts";
import { readSiteSettings } from "@/server/domain/site/site-settings";
import { keepAnonymousCache } from "@/server/lib/anonymous-cache";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import { publishDiscussionChange } from "@/server/lib/live-discussions";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import {
  isReactionKind,
  type MyReactions,
  OWN_POST_REACTION,
  POST_NOT_FOUND,
  REACTION_TURNED_OFF,
  type ReactionKind,
  type ReactionState,
  UNKNOWN_REACTION,
  type WhoReacted,
} from "@/shared/reactions";
import {
  addReaction,
  findReactablePost,
  type ReactablePost,
  reactionState,
  reactionsInDiscussion,
  removeReaction,
  whoReacted,
} from "./queries";

/** Adds and removals per member: a reader clicking through a long thread still fits. */
export const REACTION_RATE_LIMIT: RateLimitRule = {
  name: "reaction",
  max: 60,
  windowSeconds: 60,
  message: "Too many reactions. Please wait a minute.",
};

type PostKind = "discussion" | "reply";

/** The path's kind, or 400 naming the kinds there are. */
function kindParam(c: Context): ReactionKind {
  const kind = c.req.param("kind");
  if (!isReactionKind(kind)) {
    throw new HttpError(400, UNKNOWN_REACTION, { fields: { kind: UNKNOWN_REACTION } });
  }
  return kind;
}

/** The post a reaction is for, or 404 where its reactions are not shown (rule: a visitor's). */
async function reactablePost(db: Db, c: Context, kind: PostKind): Promise<ReactablePost> {
  const id = uuidParam(c, "id", POST_NOT_FOUND);
  const post = await findReactablePost(db, kind, id);
  if (!post) throw new HttpError(404, POST_NOT_FOUND);
  return post;
}

/**
 * The post, once the member's toggle is counted against the rate limit: the two are asked side
 * by side (a toggle's latency is its round trips), and the limit refuses before the post's 404.
 */
async function rateLimitedPost(c: Context<SignedInEnv>, postKind: PostKind) {
  const { db, rateLimiter } = c.var.deps;
  const [limited, post] = await Promise.allSettled([
    rateLimiter.hit(REACTION_RATE_LIMIT, c.var.viewer.id),
    reactablePost(db, c, postKind),
  ]);
  if (limited.status === "rejected") throw limited.reason;
  if (post.status === "rejected") throw post.reason;
  return post.value;
}

/** Open pages patch the counts in from the live event. */
async function announce(c: Context<SignedInEnv>, post: ReactablePost, state: ReactionState) {
  await publishDiscussionChange(
    c.var.deps.db,
    {
      type: "reacted",
      id: post.discussionId,
      reaction: { replyId: post.replyId, counts: state.counts },
    },
    c.var.deps.logger,
  );
}

/** PUT: adds the viewer's reaction. Suspended members never get here (decision 027's guard). */
async function react(c: Context<SignedInEnv>, postKind: PostKind) {
  const { db, jobs } = c.var.deps;
  const { viewer } = c.var;
  // Cached pages catch up within their 5 s TTL, not at each reaction (decision 075).
  keepAnonymousCache(c);
  const kind = kindParam(c);
  // The two-factor guard has read the settings for this request already: the same read.
  const { reactionKinds } = await requestSiteSettings(db, viewer);
  if (!reactionKinds.includes(kind)) {
    throw new HttpError(400, REACTION_TURNED_OFF, { fields: { kind: REACTION_TURNED_OFF } });
  }
  const post = await rateLimitedPost(c, postKind);
  if (post.authorId === viewer.id) throw new HttpError(403, OWN_POST_REACTION);
  // The reaction and its notification event are one statement (decisions 023, 092).
  const created = (await addReaction(db, viewer.id, post, kind)) !== null;
  // The settings read above count the kinds that are on: one read of them per toggle. The
  // worker is asked for the event beside the answer, not before it. The reaction is saved by
  // then: a nudge that fails leaves its event for the queue's minute schedule, not a 500.
  const [state] = await Promise.all([
    reactionState(db, viewer.id, post, reactionKinds),
    created
      ? nudgeOutbox(jobs).catch((error) =>
          c.var.deps.logger.warn({ err: error }, "could not nudge the notification outbox"),
        )
      : undefined,
  ]);
  if (created) await announce(c, post, state);
  return c.json(state satisfies ReactionState, created ? 201 : 200);
}

/** DELETE: takes the viewer's reaction back; a kind since turned off may still be taken back. */
async function unreact(c: Context<SignedInEnv>, postKind: PostKind) {
  const { db } = c.var.deps;
  const { viewer } = c.var;
  keepAnonymousCache(c);
  const kind = kindParam(c);
  const [post, { reactionKinds }] = await Promise.all([
    rateLimitedPost(c, postKind),
    requestSiteSettings(db, viewer),
  ]);
  const removed = await removeReaction(db, viewer.id, post, kind);
  const state = await reactionState(db, viewer.id, post, reactionKinds);
  if (removed) await announce(c, post, state);
  return c.json(state satisfies ReactionState);
}

/** Who reacted to a post, as `c`'s viewer may see it: their blocked members left out. */
async function whoReactedResponse(c: Context<AppEnv>, kind: PostKind) {
  const { db } = c.var.deps;
  const post = await reactablePost(db, c, kind);
  const [counts, leftOut] = await Promise.all([
    postReactionCounts(db, post.discussionId, post.replyId),
    collapsedAuthorIds(db, await getViewer(c)),
  ]);
  // Names depend on the viewer's blocks: never stored for others.
  c.header("cache-control", "private, no-store");
  return c.json((await whoReacted(db, post, counts, leftOut)) satisfies WhoReacted);
}

export const reactionRoutes = new Hono<AppEnv>()
  .get("/discussions/:id/mine", signedIn(), async (c) => {
    const { db } = c.var.deps;
    const id = uuidParam(c, "id", POST_NOT_FOUND);
    if (!(await discussionOpenable(db, id, c.var.viewer))) throw new HttpError(404, POST_NOT_FOUND);
    const { reactionKinds } = await readSiteSettings(db);
    c.header("cache-control", "private, no-store");
    const body = await reactionsInDiscussion(db, c.var.viewer.id, id, reactionKinds);
    return c.json(body satisfies MyReactions);
  })
  .get("/discussions/:id", (c) => whoReactedResponse(c, "discussion"))
  .get("/replies/:id", (c) => whoReactedResponse(c, "reply"))
  .put("/discussions/:id/:kind", signedIn(), (c) => react(c, "discussion"))
  .delete("/discussions/:id/:kind", signedIn(), (c) => unreact(c, "discussion"))
  .put("/replies/:id/:kind", signedIn(), (c) => react(c, "reply"))
  .delete("/replies/:id/:kind", signedIn(), (c) => unreact(c, "reply"));
