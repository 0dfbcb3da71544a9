import { describe, expect, it } from "vitest";
import { LIMITS } from "./constants";
import { emailProblem, requiredTextProblem } from "./plain-checks";
import { emailSchema, requiredText } from "./schemas";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("the zod-free checks give the zod schemas' answers", () => {
  const emails = [
    "",
    "   ",
    "a@b.co",
    " Someone@Example.ORG ",
    "no-at-sign",
    "a@b",
    "a@b.",
    "two@@example.com",
    `${"x".repeat(250)}@example.com`,
  ];
  it.each(emails)("email %j", (value) => {
    expect(emailProblem(value)).toBe(firstMessage(emailSchema.safeParse(value)));
  });

  const texts = ["", "  <>  ", "Hello", " <b>hi</b> ", "y".repeat(LIMITS.subject + 1)];
  it.each(texts)("required text %j", (value) => {
    expect(requiredTextProblem("Subject", value, LIMITS.subject)).toBe(
      firstMessage(requiredText("Subject", LIMITS.subject).safeParse(value)),
    );
  });

  it("uses the product's messages", () => {
    expect(emailProblem("")).toBe("Email is required");
    expect(emailProblem("nope")).toBe("Please enter a valid email address");
    expect(requiredTextProblem("Name", " ", LIMITS.name)).toBe("Name is required");
  });
});
