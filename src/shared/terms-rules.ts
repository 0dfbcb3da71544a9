// The rules of the Terms of Service that moderators cite (docs/decisions/082). Each rule's
// heading in the terms carries its anchor, `{#rule-<key>}`, so a notice links the rule itself:
// /terms#rule-spam. Saving terms without every anchor is refused, so the links never dangle.
import { isAppealable } from "./appeals";

export const TERMS_RULES = [
  { key: "illegal", label: "No illegal content" },
  { key: "harassment", label: "No harassment, threats or hate" },
  { key: "spam", label: "No spam or advertising" },
  { key: "privacy", label: "No one else's private information" },
  { key: "impersonation", label: "No impersonation or deception" },
  { key: "conduct", label: "Keep discussions civil and on topic" },
] as const;

export type TermsRuleKey = (typeof TERMS_RULES)[number]["key"];
export const TERMS_RULE_KEYS = TERMS_RULES.map((rule) => rule.key) as [
  TermsRuleKey,
  ...TermsRuleKey[],
];

export function isTermsRuleKey(value: unknown): value is TermsRuleKey {
  return typeof value === "string" && (TERMS_RULE_KEYS as readonly string[]).includes(value);
}

export function termsRuleLabel(key: string): string | null {
  return TERMS_RULES.find((rule) => rule.key === key)?.label ?? null;
}

/** The rule's place in the terms; the terms' top for a notice that names no rule. */
export function termsRulePath(key: string | null | undefined): string {
  return key && isTermsRuleKey(key) ? `/terms#rule-${key}` : "/terms";
}

/** The start of the refusal of terms that lost an anchor; the missing ones follow. */
export const RULE_ANCHORS_MISSING = "Keep each rule's heading with its anchor; missing:";

/** The anchor a rule's heading carries in the terms' text. */
export const termsRuleAnchor = (key: TermsRuleKey) => `{#rule-${key}}`;

/** The report reasons (decision 027) and the rule each one breaks, for the moderator's default. */
export const RULE_FOR_REPORT_REASON: Record<string, TermsRuleKey> = {
  spam: "spam",
  harassment: "harassment",
  illegal: "illegal",
};

/** Whether a moderation notice links the terms: a rule was cited, or content or an account was acted on. */
export function citesRule(m: { action: string; rule?: string | null }): boolean {
  return Boolean(m.rule) || isAppealable(m.action);
}
