// The mail a visitor who reported a post receives (docs/decisions/079): an acknowledgement,
// which never repeats what they wrote (the address may not be theirs), and the outcome, which
// never names who decided.
import type { MailMessage } from "@/server/lib/mail";
import { REPORT_REASON_LABELS, type ReportReason } from "@/shared/moderation";
import { ILLEGAL_HARM_LABELS, type IllegalHarmKind } from "@/shared/online-safety";

const POST_WORDS = { discussion: "a discussion", reply: "a reply" } as const;

export function reportAcknowledgement(input: {
  to: string;
  siteName: string;
  targetKind: keyof typeof POST_WORDS;
  reason: ReportReason;
  harmKind: IllegalHarmKind | undefined;
  confirmLink: string;
}): MailMessage {
  const why = input.harmKind
    ? `${REPORT_REASON_LABELS[input.reason]}: ${ILLEGAL_HARM_LABELS[input.harmKind]}`
    : REPORT_REASON_LABELS[input.reason];
  return {
    to: input.to,
    subject: `We received your report (${input.siteName})`,
    text: [
      "Hello,",
      "",
      `We received your report of ${POST_WORDS[input.targetKind]} on ${input.siteName} (${why}). It is with our moderators now.`,
      "",
      "Please confirm that this address is yours by opening this link (reports from confirmed addresses are looked at sooner):",
      input.confirmLink,
      "",
      "We will write to you again when a moderator has decided.",
      "If you did not send a report, you can ignore this message.",
    ].join("\n"),
  };
}

/** What the reporter is told of each action; the moderator stays unnamed. */
const OUTCOME_TEXTS: Record<string, string> = {
  dismiss:
    "A moderator reviewed the content you reported and decided that it does not break the site's rules, so it stays.",
  hide: "A moderator reviewed the content you reported and hid it from the site.",
  delete: "A moderator reviewed the content you reported and removed it from the site.",
  suspend:
    "A moderator reviewed the content you reported and suspended the account of the member who posted it.",
};

export function reportOutcome(input: {
  to: string;
  siteName: string;
  action: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `The outcome of your report (${input.siteName})`,
    text: [
      "Hello,",
      "",
      OUTCOME_TEXTS[input.action] ??
        "A moderator reviewed the content you reported and acted on it.",
      "",
      "Thank you for telling us.",
    ].join("\n"),
  };
}
