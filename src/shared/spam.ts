// The public forms' spam defences (docs/decisions/034), shared by the forms and the server.

/**
 * The honeypot: a field people never see or reach (visually hidden, aria-hidden, out of the tab
 * order, autocomplete off) under a name bots like to fill. Any value holds the submission.
 */
export const HONEYPOT_FIELD = "website";

/** The signed time the form was shown (GET /api/forms/token), sent back with the submission. */
export const FORM_TOKEN_FIELD = "formToken";

export const HELD_KINDS = ["sign_up", "contact", "newsletter", "report", "complaint"] as const;
export type HeldKind = (typeof HELD_KINDS)[number];

export const HOLD_REASONS = ["honeypot", "too_fast", "no_token", "bad_token"] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** What the queue says about each reason. */
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  honeypot: "Filled the hidden field",
  too_fast: "Sent too fast",
  no_token: "Sent without the form",
  bad_token: "Form token not valid",
};

export const HELD_KIND_LABELS: Record<HeldKind, string> = {
  sign_up: "Sign-up",
  contact: "Contact message",
  newsletter: "Newsletter subscription",
  report: "Report by a visitor",
  complaint: "Complaint",
};

/** A held submission as the queue shows it. */
export type HeldSubmission = {
  id: string;
  kind: HeldKind;
  reason: HoldReason;
  at: string;
  /** When it goes out by itself unless discarded (sent too fast only: decision 058); or null. */
  releaseAt: string | null;
  /** The fields to show a moderator (email, name, subject, message...). */
  fields: Record<string, string>;
};

/** GET /api/forms/token. */
export type FormTokenResponse = { token: string };

/** What a public form sends besides its own fields. */
export type SpamFields = { website?: string; formToken?: string };
