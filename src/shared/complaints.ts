// The complaints procedure (docs/decisions/081): what a complaint is about, the schemas both
// sides validate with, the answers the complainant sees and what the CMS list shows.
import { z } from "zod";
import type { DataRequestStatus } from "./api-types";
import { DATA_REQUEST_STATUSES } from "./constants";
import { LIMITS } from "./limits";
import { cleanText, emailSchema, optionalText, requiredText } from "./schemas";

export const COMPLAINT_KINDS = ["content", "moderation_decision", "duties"] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];

export const COMPLAINT_KIND_LABELS: Record<ComplaintKind, string> = {
  content: "Content on the site",
  moderation_decision: "A moderation decision",
  duties: "How the site meets its online safety duties",
};

/**
 * A complaint is answered within this many days of receipt: the data requests' clock
 * (DATA_REQUEST_RESPONSE_DAYS), so the staff keep one clock (docs/decisions/081).
 */
export const COMPLAINT_RESPONSE_DAYS = 30;

/** Complaints move like data requests: pending, in progress, completed (shown as Resolved). */
export type ComplaintStatus = DataRequestStatus;
export const COMPLAINT_STATUSES = DATA_REQUEST_STATUSES;
export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Resolved",
};

export const COMPLAINT_MESSAGE_MAX = LIMITS.message;

/**
 * POST /api/complaints. The address is required of visitors only: a signed-in member's
 * complaint goes to their account's address (the route says so when a visitor leaves it out).
 */
export const complaintSchema = z.object({
  kind: z.enum(COMPLAINT_KINDS, { error: "Choose what your complaint is about" }),
  email: z.preprocess((value) => (value === "" ? undefined : value), emailSchema.optional()),
  link: optionalText(LIMITS.url, `Link is too long (max ${LIMITS.url} characters)`),
  message: requiredText("Complaint", COMPLAINT_MESSAGE_MAX),
});
export type ComplaintInput = z.input<typeof complaintSchema>;

export const COMPLAINT_EMAIL_REQUIRED = "Email is required";

/** The answer to every accepted complaint, whatever the link points at. */
export const COMPLAINT_THANKS =
  "Thanks. We have received your complaint and sent you an email. We will write to you with the outcome.";

/**
 * Added for a signed-in member who complains about a moderation decision while one of their
 * own may still be appealed: the appeal is how such a decision is reviewed (decision 027).
 */
export const COMPLAINT_APPEAL_HINT =
  "A moderator's decision about your own post or account is reviewed through an appeal: open the notice in your notifications and choose Appeal.";

export type ComplaintAnswer = { message: string; appeal?: string };

/** PATCH /api/complaints/:id: assign an owner, move the status, resolve with an outcome. */
export const updateComplaintSchema = z
  .object({
    ownerId: z.string().min(1).max(100).nullable().optional(),
    status: z
      .enum(COMPLAINT_STATUSES, { error: "Status must be pending, in_progress or completed" })
      .optional(),
    outcome: z
      .string()
      .overwrite(cleanText)
      .max(LIMITS.message, `Outcome is too long (max ${LIMITS.message} characters)`)
      .optional(),
  })
  .refine((value) => value.status !== "completed" || (value.outcome ?? "") !== "", {
    message: "Outcome is required",
    path: ["outcome"],
  });

/** A complaint as the CMS list shows it. */
export type ComplaintItem = {
  id: string;
  kind: ComplaintKind;
  /** Null once the complainant's data was erased (no outcome is mailed then). */
  email: string | null;
  /** Sent by a signed-in member. */
  member: boolean;
  link: string | null;
  message: string;
  status: ComplaintStatus;
  owner: { id: string; name: string } | null;
  receivedAt: string;
  dueAt: string;
  /** Whole days until the due date (negative once past it); counted by the server. */
  daysLeft: number;
  overdue: boolean;
  outcome: string | null;
  resolvedAt: string | null;
};

/** GET /api/complaints: overdue first, then by due date, then the resolved; and who may own one. */
export type ComplaintsList = {
  complaints: ComplaintItem[];
  owners: { id: string; name: string }[];
};
