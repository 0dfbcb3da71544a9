// The moderation texts a reader of a thread sees, apart from moderation.ts and its schemas: the
// thread's code names them on every visit, and zod would come with them (bench:size).

/** What a reader of a hidden item sees instead of its words (everyone but staff and the author). */
export const HIDDEN_BY_MODERATOR = "Hidden by a moderator";
/** What a deleted reply shows in its thread, and in a notification about it. */
export const DELETED_REPLY = "This reply was deleted.";
/** What a member's bookmark of a discussion deleted since shows (docs/decisions/072). */
export const DELETED_DISCUSSION = "This discussion was deleted.";
/** The mark on a held first post, which only its author sees (docs/decisions/034). */
export const AWAITING_REVIEW =
  "Awaiting review: a moderator will look at your first post before others can see it.";
/** After the byline of a post whose last edit was a moderator's or admin's (docs/decisions/048). */
export const EDITED_BY_MODERATOR = "Edited by a moderator";
/** The reason field of a moderator's edit of someone else's post (docs/decisions/048). */
export const EDIT_REASON_LABEL = "Reason for the edit";
export const EDIT_REASON_NOTE = " · shown to the author and on the moderation log";
