import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { signedToken } from "./signed-token";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const greeting = signedToken("greeting v1", z.tuple([z.string(), z.number()]));

describe("signedToken", () => {
  it("reads back the claim it issued", () => {
    expect(greeting.read(SECRET, greeting.issue(SECRET, ["hello", 3]))).toEqual(["hello", 3]);
  });

  it("refuses a token under another secret, for another purpose, or with its claim changed", () => {
    const token = greeting.issue(SECRET, ["hello", 3]);
    expect(greeting.read(`${SECRET}-other`, token)).toBeNull();
    expect(signedToken("farewell v1", z.unknown()).read(SECRET, token)).toBeNull();
    const [, mac] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify(["hello", 4])).toString("base64url")}.${mac}`;
    expect(greeting.read(SECRET, forged)).toBeNull();
  });

  it("refuses a signed claim its schema does not hold, and tokens of the wrong shape", () => {
    const loose = signedToken("greeting v1", z.unknown());
    expect(greeting.read(SECRET, loose.issue(SECRET, { not: "a tuple" }))).toBeNull();
    for (const token of ["", ".", "a.b.c", "no-dot", `${greeting.issue(SECRET, ["x", 1])}.x`]) {
      expect(greeting.read(SECRET, token), token).toBeNull();
    }
  });

  it("signs as the token modules did before it: HMAC-SHA256 of `purpose\\npayload`", () => {
    // Links already mailed (unsubscribe, confirmations) carry tokens made this way.
    const payload = Buffer.from(JSON.stringify(["hello", 3])).toString("base64url");
    const mac = createHmac("sha256", SECRET).update(`greeting v1\n${payload}`).digest("base64url");
    expect(greeting.read(SECRET, `${payload}.${mac}`)).toEqual(["hello", 3]);
    expect(greeting.issue(SECRET, ["hello", 3])).toBe(`${payload}.${mac}`);
  });
});
