import type { ReplyItem } from "@/shared/api-types";
import { ANONYMOUS_NAME } from "@/shared/constants";

/** The reply an answer is being written to: its id and how its author is named. */
export type ReplyTarget = { id: string; authorName: string };

/** What a reply shows as its author's name ("Deleted member" once the account is gone). */
export function authorName(reply: ReplyItem): string {
  return reply.author?.displayName ?? ANONYMOUS_NAME;
}
