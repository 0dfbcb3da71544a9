// The docs/product.md §5 rules that the home page's forms check in the browser, without zod: the home page
// has a 100 KB JavaScript budget and zod alone would take a large part of it. The zod schemas in
// schemas.ts build on the same pattern and limits, and plain-checks.test.ts holds the two to
// the same answers, so a rule and its message still live in one place.
import { LIMITS } from "./limits";

// The WHATWG "valid e-mail address" pattern, requiring a dot in the domain.
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** docs/product.md §5 email rule: the message for `value`, or undefined when it is acceptable. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (email === "") return "Email is required";
  if (email.length > LIMITS.email) return "Email is too long";
  if (!EMAIL_PATTERN.test(email)) return "Please enter a valid email address";
  return undefined;
}

/** docs/product.md §5 generic rule after cleaning (trim, `<` and `>` removed), like `requiredText`. */
export function requiredTextProblem(field: string, value: string, max: number): string | undefined {
  const cleaned = value.replace(/[<>]/g, "").trim();
  if (cleaned === "") return `${field} is required`;
  if (cleaned.length > max) return `${field} is too long (max ${max} characters)`;
  return undefined;
}
