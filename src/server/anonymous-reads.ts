// The public JSON reads answered before the app for visitors without a session
// (lib/reads-first.ts, docs/decisions/045): the forum's list, one discussion, a page of its
// replies, the members directory and a profile, the reads a visitor's browser makes most. Each
// answer comes from the function its route answers with; the routes' paths are app.ts's, and
// reads-first.test.ts holds every answer equal to the app's.
import type { Db } from "./db/client";
import { listQuerySchema } from "./domain/discussions/list-query";
import { findActiveDiscussion } from "./domain/discussions/queries";
import { discussionAnswer, discussionListAnswer } from "./features/discussions/reads";
import {
  MEMBERS_CACHE_CONTROL,
  membersAnswer,
  membersQuerySchema,
} from "./features/members/routes";
import { profilePage } from "./features/profiles/find-profile";
import { PROFILE_CACHE_CONTROL } from "./features/profiles/routes";
import { replyListQuerySchema, replyPageAnswer } from "./features/replies/reads";
import { TEXT_ID, UUID_ID } from "./lib/ids";
import type { AnonymousRead } from "./lib/reads-first";
import { validQuery } from "./lib/validate";

/** The answer, or null (the app's to give) when there is none. */
const answered = <T>(body: T | null, cacheControl?: string) =>
  body === null ? null : { body, cacheControl };

export function anonymousReads(db: Db): AnonymousRead[] {
  return [
    {
      route: "/api/discussions",
      async answer(_params, query) {
        const valid = validQuery(listQuerySchema, query);
        return valid && answered(await discussionListAnswer(db, valid, null));
      },
    },
    {
      route: "/api/discussions/:id",
      answer: async ({ id = "" }) => answered(await discussionAnswer(db, id, null)),
    },
    {
      route: "/api/discussions/:id/replies",
      async answer({ id = "" }, query) {
        const valid = validQuery(replyListQuerySchema, query);
        if (!valid || !UUID_ID.test(id) || !(await findActiveDiscussion(db, id))) return null;
        return answered(await replyPageAnswer(db, id, valid, null));
      },
    },
    {
      route: "/api/members",
      async answer(_params, query) {
        const valid = validQuery(membersQuerySchema, query);
        return valid && answered(await membersAnswer(db, null, valid), MEMBERS_CACHE_CONTROL);
      },
    },
    {
      route: "/api/profiles/:id",
      async answer({ id = "" }) {
        if (!TEXT_ID.test(id)) return null;
        return answered(await profilePage(db, null, id), PROFILE_CACHE_CONTROL);
      },
    },
  ];
}
