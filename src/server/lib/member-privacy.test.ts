import { describe, expect, it } from "vitest";
import { ROLES } from "@/shared/permissions";
import { canSeeEmail } from "./member-privacy";

describe("who sees a member's email", () => {
  it("the member and admins; no other role, and no one signed out", () => {
    const seen = ROLES.filter((role) => canSeeEmail({ id: "reader", role }, "member"));
    expect(seen).toEqual(["admin"]);
    expect(ROLES.every((role) => canSeeEmail({ id: "member", role }, "member"))).toBe(true);
    expect(canSeeEmail(null, "member")).toBe(false);
  });
});
