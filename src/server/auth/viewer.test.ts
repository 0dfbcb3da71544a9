// getViewer asks better-auth only when the request carries a session cookie: anonymous
// requests skip its lookup (measured in bench/RESULTS.md), signed-in ones are unchanged.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { SessionResponse } from "@/shared/api-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("getViewer", () => {
  it("does not look a session up for a request without a session cookie", async () => {
    const lookup = vi.spyOn(t.deps.auth.api, "getSession");
    try {
      const response = await createClient(t.app).get("/api/session", {
        cookie: "rc_cookie_consent=accepted; other=1",
      });
      expect(((await response.json()) as SessionResponse).user).toBeNull();
      expect(lookup).not.toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });

  it("looks it up when there is one, valid or not", async () => {
    const member = await createMember(t);
    const lookup = vi.spyOn(t.deps.auth.api, "getSession");
    try {
      const signedIn = (await (await member.client.get("/api/session")).json()) as SessionResponse;
      expect(signedIn.user?.id).toBe(member.id);
      const forged = await createClient(t.app).get("/api/session", {
        cookie: "rc.session_token=not-a-real-token.signature",
      });
      expect(((await forged.json()) as SessionResponse).user).toBeNull();
      expect(lookup).toHaveBeenCalledTimes(2);
    } finally {
      lookup.mockRestore();
    }
  });
});
