// Reactions (issue 45, docs/decisions/075): a small fixed set of kinds a member adds to a
// discussion or a reply, one of each per post, and the API's shapes. Admins turn kinds on and
// off (site settings, `reactionKinds`); a kind turned off is neither offered nor shown.

export const REACTION_KINDS = ["agree", "funny", "hugs", "wow", "angry"] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** What each kind shows: its emoji, and the word a screen reader and the tooltip say. */
export const REACTION_LOOKS: Record<ReactionKind, { emoji: string; label: string }> = {
  agree: { emoji: "\u{1F44D}", label: "Agree" },
  funny: { emoji: "\u{1F602}", label: "Funny" },
  hugs: { emoji: "\u{1FAC2}", label: "Hugs" },
  wow: { emoji: "\u{1F62E}", label: "Wow" },
  angry: { emoji: "\u{1F621}", label: "Angry" },
};

export function isReactionKind(value: unknown): value is ReactionKind {
  return typeof value === "string" && (REACTION_KINDS as readonly string[]).includes(value);
}

export const UNKNOWN_REACTION = `Unknown reaction: choose one of ${REACTION_KINDS.join(", ")}`;
export const REACTION_TURNED_OFF = "This reaction is turned off on this site";
export const OWN_POST_REACTION = "You cannot react to your own post";
export const POST_NOT_FOUND = "Post not found";

/** Members named in a "who reacted" list at most, per kind; the rest are counted. */
export const WHO_REACTED_NAMED = 50;

/** Reactions per kind on one post; kinds with none (or turned off) are left out. */
export type ReactionCounts = Partial<Record<ReactionKind, number>>;

/** PUT and DELETE /api/reactions/...: the post's counts after the change, and the viewer's kinds. */
export type ReactionState = { counts: ReactionCounts; mine: ReactionKind[] };

/**
 * GET /api/reactions/discussions/{id}/mine: the viewer's reactions in a discussion's posts, and
 * the kinds the site offers (their buttons), in the set's order.
 */
export type MyReactions = {
  reactions: { replyId: string | null; kind: ReactionKind }[];
  kinds: ReactionKind[];
};

/**
 * GET /api/reactions/{discussions|replies}/{id}: who reacted, per kind. Public members by name;
 * private members only in `others`; members the viewer blocked left out entirely.
 */
export type WhoReacted = {
  kinds: {
    kind: ReactionKind;
    count: number;
    members: { id: string; displayName: string }[];
    /** Reactions of this kind by members not named (private, or past WHO_REACTED_NAMED). */
    others: number;
  }[];
};

/** The Top sort's periods (docs/decisions/075), the forum's `period` parameter. */
export const TOP_PERIODS = ["today", "week", "month", "year", "all"] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
export const TOP_PERIOD_LABELS: Record<TopPeriod, string> = {
  today: "Today",
  week: "This week",
  month: "This month",
  year: "This year",
  all: "All time",
};
