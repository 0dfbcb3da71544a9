// /api/blocks/{memberId}: whether the viewer blocked a member, block, unblock (issue 17,
// docs/decisions/031). Every answer is about the viewer's own block: no route says whether
// someone blocked the viewer, and blocking tells the blocked member nothing.
import type { Context } from "hono";
import { Hono } from "hono";
import { allowedTo, type SignedInEnv, signedIn } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import { memberIdParam } from "@/server/lib/ids";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import type { BlockState } from "@/shared/api-types";
import { addBlock, isBlocked, memberExists, removeBlock } from "./queries";

export const MEMBER_NOT_FOUND = "Profile not found";
export const BLOCK_SELF_MESSAGE = "You cannot block yourself";

/** 30 blocks and unblocks a minute per member (docs/product.md §9.5). */
export const BLOCK_RATE_LIMIT: RateLimitRule = {
  name: "block",
  max: 30,
  windowSeconds: 60,
  message: "Too many changes. Please wait a minute.",
};

/** The member in the path: 404 for anything that is not a member, 400 for the viewer. */
async function otherMember(c: Context<SignedInEnv>): Promise<string> {
  const id = memberIdParam(c, "memberId", MEMBER_NOT_FOUND);
  if (!(await memberExists(c.var.deps.db, id))) throw new HttpError(404, MEMBER_NOT_FOUND);
  if (id === c.var.viewer.id) throw new HttpError(400, BLOCK_SELF_MESSAGE);
  return id;
}

function answer(c: Context<SignedInEnv>, state: BlockState) {
  c.header("cache-control", "private, no-store");
  return c.json(state);
}

export const blockRoutes = new Hono<AppEnv>()
  .get("/:memberId", signedIn(), async (c) => {
    const id = memberIdParam(c, "memberId", MEMBER_NOT_FOUND);
    if (!(await memberExists(c.var.deps.db, id))) throw new HttpError(404, MEMBER_NOT_FOUND);
    return answer(c, { blocked: await isBlocked(c.var.deps.db, c.var.viewer.id, id) });
  })
  .put("/:memberId", allowedTo("blockMembers"), async (c) => {
    const id = await otherMember(c);
    await c.var.deps.rateLimiter.hit(BLOCK_RATE_LIMIT, c.var.viewer.id);
    await addBlock(c.var.deps.db, c.var.viewer.id, id);
    return answer(c, { blocked: true });
  })
  .delete("/:memberId", allowedTo("blockMembers"), async (c) => {
    const id = await otherMember(c);
    await c.var.deps.rateLimiter.hit(BLOCK_RATE_LIMIT, c.var.viewer.id);
    await removeBlock(c.var.deps.db, c.var.viewer.id, id);
    return answer(c, { blocked: false });
  });
