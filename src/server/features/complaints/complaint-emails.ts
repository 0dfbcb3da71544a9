// The mail a complainant receives (docs/decisions/081): the acknowledgement, which never repeats
// what they wrote (a visitor's address may be someone else's), and the outcome, which never
// names who decided.
import type { MailMessage } from "@/server/lib/mail";
import type { ComplaintKind } from "@/shared/complaints";

const ABOUT: Record<ComplaintKind, string> = {
  content: "about content on the site",
  moderation_decision: "about a moderation decision",
  duties: "about how the site meets its online safety duties",
};

const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

export function complaintAcknowledgement(input: {
  to: string;
  siteName: string;
  kind: ComplaintKind;
  dueAt: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `We received your complaint (${input.siteName})`,
    text: [
      "Hello,",
      "",
      `We received your complaint ${ABOUT[input.kind]} on ${input.siteName}. Someone on our team will look into it and write to you with the outcome by ${dayOf(input.dueAt)}.`,
      "",
      "If you did not send a complaint, you can ignore this message.",
    ].join("\n"),
  };
}

export function complaintOutcome(input: {
  to: string;
  siteName: string;
  kind: ComplaintKind;
  outcome: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `The outcome of your complaint (${input.siteName})`,
    text: [
      "Hello,",
      "",
      `We have looked into your complaint ${ABOUT[input.kind]} on ${input.siteName}.`,
      "",
      input.outcome,
      "",
      "Thank you for telling us.",
    ].join("\n"),
  };
}
