// The Online Safety Act records (docs/decisions/076): the illegal-content risk assessment, one
// entry per kind of priority illegal content as Ofcom's Risk Assessment Guidance lists them, the
// children's access assessment and the person accountable. Each save is a new version.
import { type ChildrenHarmKind, isChildrenHarmKind } from "./online-safety-children";
import { reviewedRecordName } from "./online-safety-reviewed";
import { emailSchema, optionalText, requiredText } from "./schemas";
import { z } from "./zod";

/**
 * Ofcom's 17 kinds of priority illegal content (Risk Assessment Guidance and Risk Profiles,
 * 16 December 2024), child sexual exploitation and abuse split as its risk profiles assess it
 * (grooming; image-based abuse material; links to such material), then "other illegal content".
 */
export const ILLEGAL_HARM_KINDS = [
  "terrorism",
  "csea-grooming",
  "csea-images",
  "csea-urls",
  "hate",
  "harassment",
  "coercive-control",
  "intimate-image-abuse",
  "extreme-pornography",
  "sexual-exploitation-of-adults",
  "human-trafficking",
  "unlawful-immigration",
  "fraud",
  "proceeds-of-crime",
  "drugs",
  "weapons",
  "suicide",
  "foreign-interference",
  "animal-cruelty",
  "other",
] as const;
export type IllegalHarmKind = (typeof ILLEGAL_HARM_KINDS)[number];

export const ILLEGAL_HARM_LABELS: Record<IllegalHarmKind, string> = {
  terrorism: "Terrorism",
  "csea-grooming": "Child sexual exploitation and abuse: grooming",
  "csea-images": "Child sexual exploitation and abuse: abuse images",
  "csea-urls": "Child sexual exploitation and abuse: links to abuse material",
  hate: "Hate",
  harassment: "Harassment, stalking, threats and abuse",
  "coercive-control": "Controlling or coercive behaviour",
  "intimate-image-abuse": "Intimate image abuse",
  "extreme-pornography": "Extreme pornography",
  "sexual-exploitation-of-adults": "Sexual exploitation of adults",
  "human-trafficking": "Human trafficking",
  "unlawful-immigration": "Unlawful immigration",
  fraud: "Fraud and financial offences",
  "proceeds-of-crime": "Proceeds of crime",
  drugs: "Drugs and psychoactive substances",
  weapons: "Firearms, knives and other weapons",
  suicide: "Encouraging or assisting suicide",
  "foreign-interference": "Foreign interference",
  "animal-cruelty": "Animal cruelty",
  other: "Other illegal content",
};

export function isIllegalHarmKind(value: string): value is IllegalHarmKind {
  return (ILLEGAL_HARM_KINDS as readonly string[]).includes(value);
}

/** The levels Ofcom's guidance assigns to each kind (decision 076). */
export const RISK_LEVELS = ["low", "medium", "high"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
};

/** Ofcom's four steps, in the site's words. */
export const RISK_ASSESSMENT_STEPS = [
  {
    title: "1. Understand the kinds of illegal harm",
    text: "Go through each kind of priority illegal content below, and anything else illegal that could happen here, with Ofcom's risk profiles beside you.",
  },
  {
    title: "2. Assess the risk of each, with evidence",
    text: "Give each kind a risk level: how likely it is here and how much harm it would do. Use the site's own figures and what moderators have seen.",
  },
  {
    title: "3. Decide measures, put them in place, record them",
    text: "Say which of the site's measures address each risk, and what else you do.",
  },
  {
    title: "4. Report, review and update",
    text: "Set a review date. Review sooner when the site changes in a way that matters (a new feature, a change in who uses it, a rise in reports).",
  },
] as const;

export const ONLINE_SAFETY_LIMITS = { text: 5000, name: 100, role: 100 } as const;

const longText = (field: string) =>
  optionalText(
    ONLINE_SAFETY_LIMITS.text,
    `${field} is too long (max ${ONLINE_SAFETY_LIMITS.text} characters)`,
  );

const DATE_MESSAGE = "Use a date like 2026-03-31";
const isoDate = z
  .string({ error: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    DATE_MESSAGE,
  );

/** One kind's entry of a risk assessment (the illegal content one and the children's alike). */
export const riskEntrySchema = z.object({
  riskLevel: z.enum(RISK_LEVELS, { error: "Choose low, medium or high" }),
  /** Why this level: what the site's figures and moderators' experience show. */
  evidence: longText("Evidence"),
  /** The keys of the site's measures that address this kind (see OnlineSafetyMeasure). */
  measures: z
    .array(
      z.string({ error: "Choose measures from the list" }).max(50, "Choose measures from the list"),
      {
        error: "Choose measures from the list",
      },
    )
    .max(30, "Choose measures from the list")
    .default([]),
  /** Anything else done about it, and what is left to do. */
  otherMeasures: longText("Other measures"),
});
export type RiskEntryInput = z.infer<typeof riskEntrySchema>;

/** The assessment as a whole: its summary (steps 1 and 4) and its review date. */
export const assessmentSchema = z.object({
  summary: longText("Summary"),
  /** The date the next review is due (yyyy-mm-dd); admins are reminded on that day. */
  reviewDueOn: isoDate,
});
export type AssessmentInput = z.infer<typeof assessmentSchema>;

export const CHILDREN_ACCESS_OUTCOMES = ["not-likely", "likely"] as const;
export type ChildrenAccessOutcome = (typeof CHILDREN_ACCESS_OUTCOMES)[number];

/** Ofcom's two stages: can children normally use the site; if so, is the child user condition met. */
export const childrenAccessSchema = z.object({
  /** Stage 1: only highly effective age assurance lets a service say children cannot use it. */
  highlyEffectiveAgeAssurance: z.boolean({
    error: "Say whether highly effective age assurance is used",
  }),
  stageOne: longText("Stage 1"),
  /** Stage 2: a significant number of child users, or a kind of site that attracts them. */
  stageTwo: longText("Stage 2"),
  outcome: z.enum(CHILDREN_ACCESS_OUTCOMES, { error: "Choose the outcome" }),
  reviewDueOn: isoDate,
});
export type ChildrenAccessInput = z.infer<typeof childrenAccessSchema>;

/** Who is accountable; only the role and the contact address are ever public. */
export const responsibilitySchema = z.object({
  /** The admin's user id. */
  personId: z
    .string({ error: "Choose an admin" })
    .min(1, "Choose an admin")
    .max(100, "Choose an admin"),
  role: requiredText("Role", ONLINE_SAFETY_LIMITS.role),
  contactEmail: emailSchema,
});
export type ResponsibilityInput = z.infer<typeof responsibilitySchema>;

/** The records kept, each a series of versions. */
export type OnlineSafetyRecordKey =
  | `risk:${IllegalHarmKind}`
  | `children-risk:${ChildrenHarmKind}`
  | "assessment"
  | "children-risk-assessment"
  | "children-access"
  | "responsibility";

export type RecordVersion<Content> = {
  version: number;
  content: Content;
  savedAt: string;
  /** The saver's name at the time (the account may go; the record stays). */
  savedByName: string;
};

export type RiskEntryContent = RiskEntryInput;
export type ResponsibilityContent = ResponsibilityInput & { personName: string };

export type OnlineSafetyMeasure = {
  key: string;
  label: string;
  /** On, off, or a fact (rate limits always apply). */
  state: "on" | "off" | "always";
  detail: string;
};

export type OnlineSafetyEvidence = {
  members: { total: number; admins: number; moderators: number; suspended: number };
  reportsByReason: { reason: string; total: number; lastYear: number }[];
  actionsByKind: { action: string; total: number; lastYear: number }[];
  appeals: { total: number; reversed: number };
};

export type OnlineSafetyRecords = {
  kinds: { kind: IllegalHarmKind; label: string }[];
  entries: Partial<Record<IllegalHarmKind, RecordVersion<RiskEntryContent>>>;
  /** The children's risk assessment's kinds, with their group (primary priority, ...). */
  childrenKinds: { kind: ChildrenHarmKind; label: string; group: string }[];
  childrenEntries: Partial<Record<ChildrenHarmKind, RecordVersion<RiskEntryContent>>>;
  assessment: RecordVersion<AssessmentInput> | null;
  /** The children's risk assessment's summary and review date (the same shape). */
  childrenAssessment: RecordVersion<AssessmentInput> | null;
  childrenAccess: RecordVersion<ChildrenAccessInput> | null;
  responsibility: RecordVersion<ResponsibilityContent> | null;
  evidence: OnlineSafetyEvidence;
  measures: OnlineSafetyMeasure[];
  /** Whether the viewer may save (admins); moderators read. */
  canEdit: boolean;
  /** The admins who may be named accountable (for editors only; empty for moderators). */
  admins: { id: string; name: string }[];
};

export type RecordHistory = { key: string; versions: RecordVersion<unknown>[] };

export function isRecordKey(value: string): value is OnlineSafetyRecordKey {
  if (reviewedRecordName(value) || value === "responsibility") return true;
  if (value.startsWith("risk:")) return isIllegalHarmKind(value.slice("risk:".length));
  if (value.startsWith("children-risk:"))
    return isChildrenHarmKind(value.slice("children-risk:".length));
  return false;
}

/** What the outcome "likely" brings (the Act's children's duties), said on the record. */
export const CHILDREN_LIKELY_TEXT =
  "Children are likely to use the site. That brings a children's risk assessment (its entries follow) and the children's safety duties.";

/** Why the children's risk assessment is not required, by the access assessment's state. */
export function childrenRiskNotRequiredText(outcome: ChildrenAccessOutcome | undefined): string {
  return outcome === "not-likely"
    ? "Not required: the children's access assessment concludes that children are not likely to use the site. The Act asks for a children's risk assessment only when they are likely to; if a new access assessment concludes they are, this assessment is needed."
    : "Not required yet: no children's access assessment has been recorded. Do that first; if it concludes that children are likely to use the site, this assessment is needed.";
}
