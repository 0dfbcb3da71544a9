// Suspensions outlive re-sign-up (issue 32, docs/decisions/047): a suspended member who deletes
// the account and signs up again, or another account that takes the address, is suspended
// alike while the suspension lasts; the kept hash is of the normalised address.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { addressHash } from "@/server/domain/moderation/suspended-addresses";
import { activeSuspension } from "@/server/domain/moderation/suspensions";
import { createMember, mailedToken, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { SuspensionLength } from "@/shared/moderation";

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let moderator: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  moderator = await createMember(t, { role: "moderator" });
});
afterAll(async () => {
  await t.close();
});

async function suspend(member: Member, length: SuspensionLength, reason = "Harassment") {
  const response = await moderator.client.post(`/api/moderation/members/${member.id}/suspensions`, {
    reason,
    length,
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

async function deleteAccount(member: Member) {
  const response = await member.client.post("/api/account/delete", {
    password: member.password,
    confirmation: "DELETE",
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function changeEmail(member: Member, email: string) {
  const asked = await member.client.post("/api/account/email", {
    email,
    currentPassword: member.password,
  });
  expect(asked.status, await asked.clone().text()).toBe(200);
  const token = await mailedToken(t, email.toLowerCase(), "/settings/email");
  const confirmed = await createClient(t.app).post("/api/account/email/confirm", { token });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
}

async function hashesOf(email: string) {
  return queryRows<{ suspension_id: string | null; ends_at: string | null }>(
    t.db,
    sql`select suspension_id, ends_at from suspended_address_hashes
        where address_hash = ${addressHash(t.deps.secret, email)}`,
  );
}

describe("a suspension outlives the account", () => {
  it("for good: deleting the account and signing up again with the address ends suspended", async () => {
    const ada = await createMember(t);
    await suspend(ada, "forever");
    await deleteAccount(ada);
    // The hash survives the erasure on purpose.
    expect(await hashesOf(ada.email)).toEqual([{ suspension_id: null, ends_at: null }]);

    const again = await createMember(t, { email: ada.email });
    expect(await activeSuspension(t.db, again.id)).toMatchObject({
      reason: "Harassment",
      endsAt: null,
    });
    const write = await again.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Back",
      content: "Hi",
    });
    expect(write.status).toBe(403);
    const logged = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select actor_id, action, reason, ends_at from moderation_actions
          where subject_id = ${again.id}`,
    );
    expect(logged).toEqual([
      { actor_id: null, action: "suspend", reason: "Harassment", ends_at: null },
    ]);

    // Lifting the carried suspension ends it for the address too.
    const lift = await moderator.client.post(`/api/moderation/members/${again.id}/lift`, {
      reason: "Second chance",
    });
    expect(lift.status).toBe(200);
    expect(await hashesOf(ada.email)).toEqual([]);
    await deleteAccount(again);
    const third = await createMember(t, { email: ada.email });
    expect(await activeSuspension(t.db, third.id)).toBeNull();
  });

  it("for a day: once the day has passed, the same ends free", async () => {
    const bea = await createMember(t);
    await suspend(bea, "1d");
    // A day later, as the clock sees it.
    await t.db.execute(
      sql`update suspensions set ends_at = now() - interval '1 second' where user_id = ${bea.id}`,
    );
    await t.db.execute(
      sql`update suspended_address_hashes set ends_at = now() - interval '1 second'
          where address_hash = ${addressHash(t.deps.secret, bea.email)}`,
    );
    await deleteAccount(bea);
    const again = await createMember(t, { email: bea.email });
    expect(await activeSuspension(t.db, again.id)).toBeNull();
    const [logged] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from moderation_actions where subject_id = ${again.id}`,
    );
    expect(logged?.n).toBe(0);
  });

  it("an email change to a suspended address is suspended alike, with the same end", async () => {
    const cal = await createMember(t);
    await suspend(cal, "7d", "Spam");
    const [suspended] = await hashesOf(cal.email);
    await deleteAccount(cal);
    const dot = await createMember(t);
    await changeEmail(dot, cal.email);
    const suspension = await activeSuspension(t.db, dot.id);
    expect(suspension?.reason).toBe("Spam");
    expect(Date.parse(suspension?.endsAt ?? "")).toBe(Date.parse(suspended?.ends_at ?? "x"));
  });

  it("keeps each address a suspended member changes to", async () => {
    const eve = await createMember(t);
    await suspend(eve, "forever");
    const newAddress = uniqueEmail("eve-new");
    await changeEmail(eve, newAddress);
    await deleteAccount({ ...eve, email: newAddress });
    for (const address of [eve.email, newAddress]) {
      const again = await createMember(t, { email: address });
      expect(await activeSuspension(t.db, again.id), address).not.toBeNull();
    }
  });

  it("hashes the address lower-cased and trimmed, so its variants match", async () => {
    const fay = await createMember(t);
    await suspend(fay, "forever");
    const variant = `  ${fay.email.toUpperCase()} `;
    expect(addressHash(t.deps.secret, variant)).toBe(addressHash(t.deps.secret, fay.email));
    expect(await hashesOf(variant)).toHaveLength(1);
    await deleteAccount(fay);
    const again = await createMember(t, { email: fay.email.toUpperCase() });
    expect(await activeSuspension(t.db, again.id)).not.toBeNull();
  });
});
