import { describe, expect, it } from "vitest";
import { cookiesHaveSession } from "./session-cookie";

describe("cookiesHaveSession", () => {
  it("sees our session cookie, plain or __Secure-, among others", () => {
    expect(cookiesHaveSession("theme=dark; rc.session_token=abc")).toBe(true);
    expect(cookiesHaveSession("__Secure-rc.session_token=abc")).toBe(true);
  });

  it("sees none without a cookie, or with only other cookies", () => {
    expect(cookiesHaveSession(undefined)).toBe(false);
    expect(cookiesHaveSession("theme=dark; other.session_token=abc")).toBe(false);
  });
});
