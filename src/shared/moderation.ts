// Moderation (docs/decisions/027, docs/product.md §11): report reasons, queue actions,
// suspension lengths, the texts members see, and the schemas both sides validate with.

import { LIMITS } from "./limits";
import { ILLEGAL_HARM_KINDS, type IllegalHarmKind } from "./online-safety";
import {
  categorySlugField,
  cleanText,
  discussionSchema,
  emailSchema,
  replyEditSchema,
  requiredText,
} from "./schemas";
import type { HeldSubmission } from "./spam";
import { discussionTagsField } from "./tags";
import { TERMS_RULE_KEYS } from "./terms-rules";
import { z } from "./zod";

export { AWAITING_REVIEW, HIDDEN_BY_MODERATOR } from "./moderation-texts";

/** The reporter's confirmation. */
export const REPORT_THANKS = "Thanks, a moderator will review this.";
export const ALREADY_REPORTED = "You have already reported this.";

/** What a member may report; a tag too (docs/decisions/070), while it is listed. */
export const REPORT_TARGETS = ["discussion", "reply", "profile", "tag"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ["spam", "harassment", "illegal", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment or hate",
  illegal: "Illegal content",
  other: "Other",
};

export const REPORT_DETAILS_MAX = 500;

export const HARM_KIND_REQUIRED = "Choose the kind of illegal content";

/** A report's fields; the schemas below add the rule that illegal content names its kind. */
export const reportFields = z.object({
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
  /** The kind of priority illegal content (docs/decisions/079), for the reason illegal only. */
  harmKind: z.enum(ILLEGAL_HARM_KINDS, { error: HARM_KIND_REQUIRED }).optional(),
  details: z
    .string()
    .overwrite(cleanText)
    .max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`)
    .optional()
    .default(""),
});

/** Illegal content names its kind (any other reason has none: it is dropped). */
export function withHarmKindRule<Schema extends typeof reportFields>(schema: Schema) {
  return schema
    .refine((report) => report.reason !== "illegal" || report.harmKind !== undefined, {
      message: HARM_KIND_REQUIRED,
      path: ["harmKind"],
    })
    .transform((report) =>
      report.reason === "illegal" ? report : { ...report, harmKind: undefined },
    );
}

export const reportSchema = withHarmKindRule(reportFields);
export type ReportInput = z.input<typeof reportSchema>;

/** What a visitor may report without signing in: a post (docs/decisions/079). */
export const VISITOR_REPORT_TARGETS = ["discussion", "reply"] as const;
export type VisitorReportTarget = (typeof VISITOR_REPORT_TARGETS)[number];

/**
 * A visitor's report: the post, the reason and an address for the acknowledgement and the
 * outcome. The same answer whatever the post's state (docs/decisions/079).
 */
export const visitorReportSchema = withHarmKindRule(
  reportFields.extend({
    email: emailSchema,
    targetKind: z.enum(VISITOR_REPORT_TARGETS, { error: "Choose a discussion or reply" }),
    targetId: z.string({ error: "Say what you report" }).min(1, "Say what you report").max(100),
  }),
);
export type VisitorReportInput = z.input<typeof visitorReportSchema>;

/** The answer to every accepted visitor report, whatever the post's state. */
export const VISITOR_REPORT_THANKS =
  "Thanks. Your report is with the moderators. We have sent you an email: open its link to confirm your address.";

export const visitorReportConfirmSchema = z.object({
  token: z.string({ error: "This link is invalid or has expired." }).min(1).max(2000),
});

/** What a moderator can do with a reported item from the queue. */
export const QUEUE_ACTIONS = ["dismiss", "hide", "delete", "suspend"] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

export const QUEUE_ACTION_LABELS: Record<QueueAction, string> = {
  dismiss: "Dismiss",
  hide: "Hide",
  delete: "Delete",
  suspend: "Suspend the author",
};

/**
 * The queue's actions each kind of item takes: a profile is not hidden or deleted (its member
 * is suspended); a tag has no author and nothing to hide (decision 070). The server refuses
 * the others with a 400 that says so; the queue shows only these.
 */
export const QUEUE_ACTIONS_FOR: Record<ReportTarget, readonly QueueAction[]> = {
  discussion: QUEUE_ACTIONS,
  reply: QUEUE_ACTIONS,
  profile: ["dismiss", "suspend"],
  tag: ["dismiss", "delete"],
};

export const SUSPENSION_LENGTHS = ["1d", "7d", "30d", "forever"] as const;
export type SuspensionLength = (typeof SUSPENSION_LENGTHS)[number];

export const SUSPENSION_LENGTH_LABELS: Record<SuspensionLength, string> = {
  "1d": "1 day",
  "7d": "7 days",
  "30d": "30 days",
  forever: "For good",
};

/** Days per length; null for good. */
export const SUSPENSION_DAYS: Record<SuspensionLength, number | null> = {
  "1d": 1,
  "7d": 7,
  "30d": 30,
  forever: null,
};

const reasonField = requiredText("Reason", LIMITS.reason);

export const moderationReasonSchema = z.object({ reason: reasonField });

/**
 * Editing a discussion or a reply (docs/decisions/048): someone else's post (a moderator's or
 * admin's edit) needs the moderation reason; the author's own needs none. The body's schemas
 * take it as optional, and the server asks for it (`EDIT_REASON_REQUIRED`, the reason field's
 * own message) once it knows whose post it is; the client's form for someone else's post
 * requires it with `moderationReasonSchema`.
 */
export const discussionEditSchema = discussionSchema.extend({
  /** Absent: the category stays (an edit may move it, within the same rules; issue 41). */
  category: categorySlugField.optional(),
  /** Absent: the tags stay; a moderator's change of them is logged as a retag. */
  tags: discussionTagsField.optional(),
  reason: reasonField.optional(),
});
export const replyEditBodySchema = replyEditSchema.extend({ reason: reasonField.optional() });
export const EDIT_REASON_REQUIRED = "Reason is required";

/** The refusal of a moderator's edit or delete of an admin's post (docs/decisions/048). */
export const ADMIN_POSTS_PROTECTED = "Moderators cannot edit or delete an admin's posts.";

/** Approving a held post (docs/decisions/034): a reason may be given, none is asked for. */
export const approveHeldPostSchema = z.object({ reason: reasonField.optional() });

export const HELD_POST_KINDS = ["discussion", "reply"] as const;
export type HeldPostKind = (typeof HELD_POST_KINDS)[number];

/** A new member's first post held for review, as the queue shows it (docs/decisions/034). */
export type HeldPost = {
  kind: HeldPostKind;
  id: string;
  discussionId: string;
  /** The discussion's title (a reply's discussion's). */
  title: string;
  text: string;
  authorId: string | null;
  authorName: string;
  at: string;
};

/** The rule of the terms broken (docs/decisions/082); absent: derived from the reports. */
const ruleField = z.enum(TERMS_RULE_KEYS, { error: "Choose a rule of the terms" }).optional();

export const queueActionSchema = z.object({
  action: z.enum(QUEUE_ACTIONS, { error: "Choose dismiss, hide, delete or suspend" }),
  reason: reasonField,
  rule: ruleField,
  /** Only for suspend. */
  length: z
    .enum(SUSPENSION_LENGTHS, { error: "Choose 1 day, 7 days, 30 days or for good" })
    .optional(),
});
export type QueueActionInput = z.input<typeof queueActionSchema>;

export const suspendSchema = z.object({
  reason: reasonField,
  rule: ruleField,
  length: z.enum(SUSPENSION_LENGTHS, { error: "Choose 1 day, 7 days, 30 days or for good" }),
});
export type SuspendInput = z.input<typeof suspendSchema>;

export const appealSchema = z.object({
  message: requiredText("Appeal", LIMITS.appeal),
});

/** The refusal a suspended member gets for anything but their own account and rights. */
export const SUSPENDED_CODE = "SUSPENDED";
export function suspendedMessage(endsAt: string | null): string {
  return endsAt
    ? `Your account is suspended until ${new Date(endsAt).toUTCString()}.`
    : "Your account is suspended.";
}

/** The viewer's suspension as the session answer carries it (the banner). */
export type SuspensionInfo = { reason: string; endsAt: string | null };

/** One row of the public /moderation page: never the hidden words, never the moderator. */
export type PublicModerationEntry = {
  id: string;
  at: string;
  action: "hide" | "delete" | "edit" | "suspend";
  /** discussion, reply, profile or member. */
  contentKind: string;
  reason: string;
  authorName: string | null;
  /** For suspensions: the end, null for good. */
  endsAt: string | null;
};
export type PublicModerationPage = { entries: PublicModerationEntry[]; nextCursor: string | null };

/**
 * One edit of someone else's post as staff read it (docs/decisions/048): who edited, whose post,
 * why, and the text before the edit, which never leaves staff.
 */
export type ModeratorEditEntry = {
  id: string;
  at: string;
  /** The moderator or admin; null once their account is gone. */
  editorName: string | null;
  /** The post's author; null once their account is gone. */
  authorName: string | null;
  targetKind: "discussion" | "reply";
  targetId: string;
  /** The discussion to open (a reply's discussion); null when it is gone. */
  discussionId: string | null;
  reason: string;
  /** A discussion's title before the edit; null for a reply. */
  previousTitle: string | null;
  previousContent: string;
};
export type ModeratorEditPage = { entries: ModeratorEditEntry[]; nextCursor: string | null };

/** One reported item in the queue. */
export type QueueItem = {
  targetKind: ReportTarget;
  targetId: string;
  /**
   * The item in context: a discussion's title and text, a reply and its discussion, a profile;
   * a tag's name and count under `tag` (no title, text or author).
   */
  context: {
    title: string | null;
    text: string;
    discussionId: string | null;
    authorId: string | null;
    authorName: string | null;
    hidden: boolean;
    deleted: boolean;
    /** A reported tag while it exists; null for other items. */
    tag: { name: string; discussions: number } | null;
  };
  reportCount: number;
  reasons: Partial<Record<ReportReason, number>>;
  /** The kinds of illegal content named (docs/decisions/079); such items come first. */
  harmKinds: IllegalHarmKind[];
  /** Reports from visitors whose address is not confirmed yet: they sort below the others. */
  unconfirmedCount: number;
  details: string[];
  firstReportedAt: string;
};

export type QueueAppeal = {
  id: string;
  at: string;
  message: string;
  memberName: string;
  action: { id: string; action: string; targetKind: string; targetId: string; reason: string };
};

export type ModerationQueue = {
  items: QueueItem[];
  appeals: QueueAppeal[];
  /** Public forms' submissions held by the spam defences (docs/decisions/034). */
  held: HeldSubmission[];
  /** New members' first posts held for review (docs/decisions/034). */
  heldPosts: HeldPost[];
};
