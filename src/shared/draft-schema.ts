// PUT /api/drafts/{place}'s body (docs/decisions/065), apart from drafts.ts's names, which the
// client needs without zod.
import { DRAFT_LIMITS, DRAFT_TOO_LONG } from "./drafts";
import { cleanText } from "./schemas";
import { z } from "./zod";

/** PUT /api/drafts/{place}: cleaned as posts are (§5.1), empty allowed, longer than a post allowed. */
export const draftSchema = z.object({
  title: z.string().overwrite(cleanText).max(DRAFT_LIMITS.title, DRAFT_TOO_LONG).nullish(),
  content: z.string().overwrite(cleanText).max(DRAFT_LIMITS.content, DRAFT_TOO_LONG),
});
export type DraftInput = z.input<typeof draftSchema>;
