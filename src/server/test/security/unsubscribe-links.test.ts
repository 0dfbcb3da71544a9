// A mailed unsubscribe link answers 200 whatever became of its account: erased, already
// unsubscribed, or never known (a token that verifies but names nobody). Mail providers POST
// these links on their own (RFC 8058), so a failure is no one's to see but the log's, and a
// different answer would say whether an account exists. A token that does not verify stays 400.
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { eraseAccount } from "@/server/domain/member-data/erasure";
import { digestChoice } from "@/server/features/digest/settings";
import { digestUnsubscribeToken } from "@/server/features/digest/unsubscribe-token";
import { subscribeOwnAddress, subscriptionStatus } from "@/server/features/newsletter/subscribe";
import { unsubscribeToken } from "@/server/features/newsletter/unsubscribe-token";
import { emailSettings } from "@/server/features/notifications/queries";
import { notificationUnsubscribeToken } from "@/server/features/notifications/unsubscribe-token";
import { createLogger } from "@/server/lib/logger";
import { builtClient } from "@/server/test/built-client";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createTestApp, TEST_SITE_URL, type TestApp } from "@/server/test/test-app";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title>' +
  '<meta name="description" content="x"></head><body><div id="root"></div></body></html>';

let t: TestApp;
let app: ReturnType<typeof createApp>;
/** Every line logged at warn or above. */
const logged: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = createApp(
    { ...t.deps, logger: createLogger("warn", sink) },
    { staticFiles: builtClient(SHELL) },
  );
  return () => t.close();
});
beforeEach(() => {
  logged.length = 0;
});

/** As a mail provider sends it: no cookie, no Origin, a form body. */
function oneClick(path: string) {
  return app.request(new URL(path, TEST_SITE_URL).href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
}

async function answerOf(response: Response) {
  return { status: response.status, body: await response.text() };
}

describe("the notification mail's unsubscribe link", () => {
  const kinds = ["reply_to_discussion" as const];
  const links = (userId: string) => {
    const token = encodeURIComponent(
      notificationUnsubscribeToken(t.deps.secret, { userId, kinds }),
    );
    return {
      api: `/api/notifications/unsubscribe?token=${token}`,
      page: `/notifications/unsubscribe?token=${token}`,
    };
  };

  it("answers 200 with the same words whether the account is there, unsubscribed already, erased or never was", async () => {
    const member = await createMember(t);
    const erased = await createMember(t);
    await eraseAccount(t.deps, erased.id, { kind: "member", removeContent: false });
    const success = await answerOf(await oneClick(links(member.id).api));
    expect(success.status).toBe(200);
    expect((await emailSettings(t.db, member.id)).email.reply_to_discussion).toBe("off");
    for (const [state, userId] of [
      ["already unsubscribed", member.id],
      ["erased", erased.id],
      ["unknown", randomUUID()],
    ]) {
      const { api, page } = links(userId as string);
      expect(await answerOf(await oneClick(api)), state).toEqual(success);
      expect((await app.request(page)).status, state).toBe(200);
    }
    expect(logged).toEqual([]);
  });

  it("still refuses a token that does not verify", async () => {
    const response = await oneClick("/api/notifications/unsubscribe?token=forged.signature");
    expect(response.status).toBe(400);
  });
});

describe("the digest's unsubscribe link", () => {
  const links = (userId: string) => {
    const token = encodeURIComponent(digestUnsubscribeToken(t.deps.secret, userId));
    return {
      api: `/api/digest/unsubscribe?token=${token}`,
      page: `/digest/unsubscribe?token=${token}`,
    };
  };

  it("answers 200 with the same words whether the account is there, off already, erased or never was", async () => {
    const member = await createMember(t);
    expect(await digestChoice(t.db, member.id)).toBe("weekly");
    const erased = await createMember(t);
    await eraseAccount(t.deps, erased.id, { kind: "member", removeContent: false });
    const success = await answerOf(await oneClick(links(member.id).api));
    expect(success.status).toBe(200);
    expect(await digestChoice(t.db, member.id)).toBe("off");
    for (const [state, userId] of [
      ["off already", member.id],
      ["erased", erased.id],
      ["unknown", randomUUID()],
    ]) {
      const { api, page } = links(userId as string);
      expect(await answerOf(await oneClick(api)), state).toEqual(success);
      expect((await app.request(page)).status, state).toBe(200);
    }
    expect(logged).toEqual([]);
  });

  it("still refuses a token that does not verify, or one made for another purpose", async () => {
    const forged = await oneClick("/api/digest/unsubscribe?token=forged.signature");
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("This unsubscribe link is not valid.");
    const member = await createMember(t);
    const notificationToken = notificationUnsubscribeToken(t.deps.secret, {
      userId: member.id,
      kinds: ["reply_to_discussion"],
    });
    const other = await oneClick(
      `/api/digest/unsubscribe?token=${encodeURIComponent(notificationToken)}`,
    );
    expect(other.status).toBe(400);
    expect(await digestChoice(t.db, member.id)).toBe("weekly");
  });
});

describe("the newsletter's unsubscribe link", () => {
  const links = (email: string) => {
    const query = new URLSearchParams({ email, token: unsubscribeToken(t.deps.secret, email) });
    return {
      api: `/api/newsletter/unsubscribe?${query}`,
      page: `/newsletter/unsubscribe?${query}`,
    };
  };

  it("answers 200 with the same words whether the address is subscribed, unsubscribed already, erased or never was", async () => {
    const member = await createMember(t);
    await subscribeOwnAddress(t.db, { email: member.email, userId: member.id });
    const erased = await createMember(t);
    await subscribeOwnAddress(t.db, { email: erased.email, userId: erased.id });
    await eraseAccount(t.deps, erased.id, { kind: "member", removeContent: false });
    const success = await answerOf(await oneClick(links(member.email).api));
    expect(success.status).toBe(200);
    expect(await subscriptionStatus(t.db, member.email)).toBe("inactive");
    for (const [state, email] of [
      ["already unsubscribed", member.email],
      ["erased", erased.email],
      ["unknown", uniqueEmail("never")],
    ]) {
      const { api, page } = links(email as string);
      expect(await answerOf(await oneClick(api)), state).toEqual(success);
      expect((await app.request(page)).status, state).toBe(200);
    }
    expect(logged).toEqual([]);
  });

  it("still refuses a token that does not verify", async () => {
    const response = await oneClick(`/api/newsletter/unsubscribe?email=a%40example.com&token=x`);
    expect(response.status).toBe(400);
  });
});
