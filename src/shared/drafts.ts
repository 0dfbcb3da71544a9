// Drafts (docs/decisions/065, docs/product.md §2.7): what a member types in a composer, kept on
// the server per member and per place, so a closed tab or another device finds it again.
// The request's schema is in draft-schema.ts: a page that needs only these names (every
// discussion page's composer slot) would otherwise download zod with them.

/** Days a draft nobody touched is kept (a daily job removes older ones). */
export const DRAFT_KEPT_DAYS = 30;

/** How long the composer waits after the last keystroke before it saves. */
export const DRAFT_SAVE_DELAY_MS = 2_000;

/** Drafts a member may keep; saving one more forgets the oldest. */
export const DRAFTS_PER_MEMBER = 50;

/**
 * A draft may be longer than a post (it is a draft: docs/product.md §5.6 says why it cannot be
 * sent), up to these lengths, after which the server refuses to save it.
 */
export const DRAFT_LIMITS = { title: 1_000, content: 20_000 } as const;

export const DRAFT_TOO_LONG = "This draft is too long to save.";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The places a composer writes: a new discussion, a reply to one, an edit of a post. */
export const DRAFT_PLACE = new RegExp(
  `^(?:new-discussion|reply-to-${UUID}|edit-discussion-${UUID}|edit-reply-${UUID})$`,
);

export const draftPlace = {
  newDiscussion: () => "new-discussion",
  replyTo: (discussionId: string) => `reply-to-${discussionId}`,
  editDiscussion: (discussionId: string) => `edit-discussion-${discussionId}`,
  editReply: (replyId: string) => `edit-reply-${replyId}`,
};
