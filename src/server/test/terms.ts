// Terms of Service text for tests: whatever a test writes, with every rule's anchored heading,
// which saving the terms requires (docs/decisions/082).
import { TERMS_RULES, termsRuleAnchor } from "@/shared/terms-rules";

export function termsText(lead = "## Using this site\nBe kind."): string {
  const rules = TERMS_RULES.map((rule) => `## ${rule.label} ${termsRuleAnchor(rule.key)}\nDo not.`);
  return [lead, ...rules].join("\n\n");
}
