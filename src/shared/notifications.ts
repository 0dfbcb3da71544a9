// Notifications (docs/product.md §2.23, docs/decisions/023): the kinds, the email choices and
// their defaults, and what the API answers. The kinds are an open list: a later issue adds its
// own (moderation outcomes, completed data requests) here, with a label and a default.
import { reviewedRecordName } from "./online-safety-reviewed";
import { z } from "./zod";

/**
 * The outcome sentence a reporter reads (docs/decisions/027). Kept here rather than imported
 * from moderation.ts, whose schemas would follow the bell's popover into its chunk.
 */
const OUTCOME_TEXT: Record<string, string> = {
  dismiss: "no action was needed",
  hide: "the content was hidden",
  delete: "the content was deleted",
  suspend: "the author was suspended",
};

export const NOTIFICATION_KINDS = [
  "reply_to_discussion",
  "reply_to_reply",
  "mention",
  "followed_discussion",
  "followed_category",
  "discussion_moderated",
  "role_changed",
  "report_outcome",
  "moderation_action",
  "bookmark_reminder",
  "reacted",
  "terms_changed",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EMAIL_CHOICES = ["immediately", "daily", "off"] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

/** Immediately for what is addressed to you (replies to you, mentions); off for the rest. */
export const DEFAULT_EMAIL: Record<NotificationKind, EmailChoice> = {
  reply_to_discussion: "immediately",
  reply_to_reply: "immediately",
  mention: "immediately",
  followed_discussion: "off",
  followed_category: "off",
  discussion_moderated: "off",
  role_changed: "off",
  report_outcome: "off",
  moderation_action: "immediately",
  // The member asked for it, for that time.
  bookmark_reminder: "immediately",
  // In the list; by mail only for a member who turns it on (issue 45).
  reacted: "off",
  // A change members are asked to accept (docs/decisions/082): told by mail unless turned off.
  terms_changed: "immediately",
};

/** The settings' labels, in the settings' order. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  reply_to_discussion: "Replies to your discussions",
  reply_to_reply: "Replies to your replies",
  mention: "Mentions of you",
  followed_discussion: "Replies in discussions you follow",
  followed_category: "New discussions in categories you follow",
  discussion_moderated: "Your discussions pinned, locked or unlocked",
  role_changed: "Changes to your role",
  report_outcome: "Outcomes of your reports",
  moderation_action: "Moderation of your posts or account",
  bookmark_reminder: "Reminders you set on bookmarks",
  reacted: "Reactions to your discussions and replies",
  terms_changed: "Changes to the Terms of Service",
};

export const EMAIL_CHOICE_LABELS: Record<EmailChoice, string> = {
  immediately: "Immediately",
  daily: "Daily digest",
  off: "Off",
};

export const FOLLOW_STATES = ["following", "muted", "none"] as const;
export type FollowState = (typeof FOLLOW_STATES)[number];

export const followSchema = z.object({
  state: z.enum(FOLLOW_STATES, { error: "Choose following, muted or none" }),
});

export const notificationSettingsSchema = z.object({
  email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.enum(EMAIL_CHOICES)),
});

export const NOTIFICATIONS_PAGE_SIZE = 20;

export type NotificationItem = {
  id: string;
  kind: NotificationKind | (string & {});
  /**
   * Who acted last (display name by docs/product.md §3.4); null for staff actions shown as such,
   * and for a private member's reaction ("Someone", docs/decisions/075).
   */
  actorName: string | null;
  /** Other distinct members in the group ("Ana and 3 others"). */
  othersCount: number;
  discussion: { id: string; title: string } | null;
  /** The newest reply of the group: /discussion/{discussion}?reply={replyId}. */
  replyId: string | null;
  /**
   * What stands in place of that reply for this reader (docs/decisions/052): `This reply was
   * deleted.` (and no replyId) or `Hidden by a moderator`; null when they may read it.
   */
  replyMasked: string | null;
  /**
   * For discussion_moderated: pinned, locked, unlocked; for role_changed: the new role; for
   * followed_category: the category's name when the discussion was started; for
   * bookmark_reminder: the member's own note.
   */
  detail: string | null;
  /** The newest event's time. */
  at: string;
  read: boolean;
  /** For report_outcome and moderation_action (docs/decisions/027). */
  moderation?: {
    actionId: string;
    action: string;
    contentKind: string;
    reason: string | null;
    /**
     * The rule of the terms broken, a key of TERMS_RULES (docs/decisions/082): the notice
     * links /terms#rule-{key}. Null for reporters, and for actions that cite none.
     */
    rule?: string | null;
    endsAt: string | null;
    /** Whether the member has appealed it (one appeal per action). */
    appealed: boolean;
  } | null;
};

export type NotificationPage = { notifications: NotificationItem[]; nextCursor: string | null };
export type UnreadCount = { unread: number };
export type NotificationSettings = { email: Record<NotificationKind, EmailChoice> };
export type FollowAnswer = { state: FollowState };

/** Where an entry leads: the exact reply when there is one. */
export function notificationPath(
  item: Pick<NotificationItem, "discussion" | "replyId" | "kind">,
): string {
  // Moderation outcomes: the public log; actions on one's own content: the list (to appeal).
  if (item.kind === "report_outcome") return "/moderation";
  if (item.kind === "moderation_action") return "/notifications";
  // The terms changed (decision 082): the page where they are read and accepted.
  if (item.kind === "terms_changed") return "/terms";
  // The one-time notice of the digest (issue 43): the settings section where it is chosen.
  if (item.kind === "digest_offer") return "/settings#digest";
  // An Online Safety Act record's review date came (decision 076): the CMS tab that holds it.
  if (item.kind === "online_safety_review") return "/cms?tab=online-safety";
  // A reminder about a post the member may no longer read: their bookmarks say what became of it.
  if (item.kind === "bookmark_reminder" && !item.discussion) return "/bookmarks";
  if (!item.discussion) return "/settings";
  const base = `/discussion/${item.discussion.id}`;
  return item.replyId ? `${base}?reply=${item.replyId}` : base;
}

const others = (n: number) => (n === 1 ? " and 1 other" : n > 1 ? ` and ${n} others` : "");

/** The entry's sentence, the same in the list, the page and the mail. */
export function notificationText(item: NotificationItem): string {
  const who = `${item.actorName ?? "Someone"}${others(item.othersCount)}`;
  const title = item.discussion ? `“${item.discussion.title}”` : "";
  switch (item.kind) {
    case "reply_to_discussion":
      return `${who} replied to your discussion ${title}`;
    case "reply_to_reply":
      return `${who} replied to you in ${title}`;
    case "mention":
      return `${who} mentioned you in ${title}`;
    case "followed_discussion":
      return `${who} replied in ${title}`;
    case "followed_category":
      return `${who} started ${title}${item.detail ? ` in ${item.detail}` : ""}`;
    case "discussion_moderated":
      return `A moderator ${item.detail ?? "changed"} your discussion ${title}`;
    case "role_changed":
      return `Your role is now ${item.detail ?? "changed"}`;
    case "report_outcome":
      return `A moderator reviewed your report: ${OUTCOME_TEXT[item.detail ?? ""] ?? "it was decided"}.`;
    case "moderation_action":
      return moderationActionText(item);
    case "bookmark_reminder": {
      const note = item.detail ? ` Your note: ${item.detail}` : "";
      return item.discussion
        ? `Reminder: you bookmarked ${item.replyId ? `a reply in ${title}` : title}.${note}`
        : `Reminder: a post you bookmarked is no longer available.${note}`;
    }
    case "reacted":
      return item.replyId
        ? `${who} reacted to your reply in ${title}`
        : `${who} reacted to your discussion ${title}`;
    case "terms_changed":
      return "The Terms of Service have changed. Please read them and accept the new version.";
    case "online_safety_review":
      return `The online safety ${reviewedRecordName(item.detail ?? "") ?? "record"} is due for review.`;
    case "digest_offer":
      return "New: a digest of what you missed, by email. It is off for you until you choose daily or weekly in your settings.";
    default:
      return title ? `Something new in ${title}` : "Something new";
  }
}

const KIND_NAMES: Record<string, string> = {
  discussion: "discussion",
  reply: "reply",
  profile: "profile",
  member: "account",
  tag: "tag",
};

const MODERATION_VERBS: Record<string, string> = { hide: "hid", delete: "deleted", edit: "edited" };

/** What a moderator did to the member's content or account, and why. */
function moderationActionText(item: NotificationItem): string {
  const m = item.moderation;
  const why = m?.reason ? ` Reason: ${m.reason}` : "";
  switch (item.detail) {
    case "suspend":
      return `Your account was suspended ${m?.endsAt ? `until ${new Date(m.endsAt).toUTCString()}` : "for good"}.${why}`;
    case "lift":
      return `Your suspension was lifted.${why}`;
    case "appeal-kept":
      return `Your appeal was reviewed: the decision stands.${why}`;
    case "appeal-reversed":
      return `Your appeal was upheld: the decision was reversed.${why}`;
    default: {
      const verb = MODERATION_VERBS[item.detail ?? ""] ?? "acted on";
      return `A moderator ${verb} your ${KIND_NAMES[m?.contentKind ?? ""] ?? "post"}.${why}`;
    }
  }
}
