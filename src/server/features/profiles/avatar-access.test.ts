// Private means private: a member's avatar file is served to everyone only while the member is
// verified and their profile public; otherwise to the member and admins only (never kept by a
// shared cache) and 404 to everyone else, whatever the path's spelling.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { profiles, user } from "@/server/db/schema";
import { uploadsDirectory } from "@/server/lib/storage";
import { uploadsRoutes } from "@/server/lib/uploads";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import { avatarAccess } from "./avatar-access";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let app: ReturnType<typeof createApp>;
let open: Member;
let hidden: Member;
let admin: Member;
let stranger: Member;
let unverifiedId: string;

async function storeAvatar(userId: string) {
  const folder = path.join(uploadsDirectory(t.dataDir), "avatars", userId);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "avatar.webp"), "RIFF....WEBPVP8 ");
}

const avatarOf = (userId: string) => `/uploads/avatars/${userId}/avatar.webp?v=1`;

beforeAll(async () => {
  t = await createTestApp();
  app = createApp(t.deps, { uploads: uploadsRoutes(t.deps.storage, avatarAccess) });
  open = await createMember(t, { name: "Open Olive" });
  hidden = await createMember(t, { name: "Hidden Hal" });
  admin = await createMember(t, { name: "Al Admin", role: "admin" });
  stranger = await createMember(t, { name: "Sam Stranger" });
  await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, hidden.id));
  // Signed up, never confirmed: no profile. An older version let such accounts upload.
  const email = uniqueEmail("unverified");
  const signUp = await createClient(t.app).post("/api/auth/sign-up/email", {
    name: "Una Unverified",
    email,
    password: "a long password",
  });
  expect(signUp.ok).toBe(true);
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  unverifiedId = row?.id ?? "";
  for (const id of [open.id, hidden.id, unverifiedId]) await storeAvatar(id);
});
afterAll(async () => {
  await t.close();
});

/** A GET of `url` on the app with uploads, as `client` (cookies) or anonymously. */
function load(url: string, client?: TestClient) {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  return app.request(`http://localhost:3000${url}`, { headers: cookie ? { cookie } : {} });
}

describe("a verified member with a public profile", () => {
  it("has an avatar anyone may load, and shared caches may keep for minutes", async () => {
    for (const client of [undefined, stranger.client, open.client]) {
      const response = await load(avatarOf(open.id), client);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const cache = response.headers.get("cache-control") ?? "";
      expect(cache).toMatch(/^public,/);
      expect(cache).toContain("s-maxage=300");
    }
  });
});

describe.each([
  ["a private profile", () => hidden.id, () => hidden.client as TestClient | undefined],
  ["an unverified account", () => unverifiedId, () => undefined],
])("%s", (_, ownerId, ownerClient) => {
  it("has an avatar others cannot load (404, not kept anywhere)", async () => {
    for (const client of [undefined, stranger.client, open.client]) {
      const response = await load(avatarOf(ownerId()), client);
      expect(response.status).toBe(404);
      // A member's answer is private as well (docs/decisions/050).
      expect(response.headers.get("cache-control")).toBe(client ? "private, no-store" : "no-store");
      expect(response.headers.get("content-type")).not.toBe("image/webp");
    }
  });

  it("has an avatar its owner and admins still see, privately cached", async () => {
    const clients = [admin.client, ownerClient()].filter((c): c is TestClient => !!c);
    for (const client of clients) {
      const response = await load(avatarOf(ownerId()), client);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/^private,/);
    }
  });

  it("cannot be reached by another spelling of its path", async () => {
    const id = ownerId();
    const spellings = [
      `/uploads//avatars/${id}/avatar.webp`,
      `/uploads/avatars//${id}/avatar.webp`,
      `/uploads/avatars/${id}//avatar.webp`,
      `/uploads/avatars/${open.id}/../${id}/avatar.webp`,
      `/uploads/avatars/${open.id}/%2e%2e/${id}/avatar.webp`,
      `/uploads/avatars/${open.id}/..%2F${id}%2Favatar.webp`,
      `/uploads/avatars/${id}%2Favatar.webp`,
      `/uploads/avatars%2F${id}/avatar.webp`,
      `/uploads/./avatars/${id}/avatar.webp`,
      `/uploads/avatars/${id}/./avatar.webp`,
      `/uploads/avatars/${id}/avatar.webp%00`,
      `/uploads/avatars/${id}/`,
      `/uploads/avatars/${id}`,
      `/uploads/avatars/${id.toUpperCase()}/avatar.webp`,
    ];
    for (const spelling of spellings) {
      const response = await load(spelling, stranger.client);
      expect(response.status, spelling).toBe(404);
    }
  });
});

describe("turning a profile private", () => {
  it("stops serving the avatar to others at once", async () => {
    const member = await createMember(t, { name: "Changing Chris" });
    await storeAvatar(member.id);
    expect((await load(avatarOf(member.id))).status).toBe(200);
    const saved = await member.client.patch("/api/profiles/me", {
      fullName: "Changing Chris",
      isPublic: false,
    });
    expect(saved.status).toBe(200);
    expect((await load(avatarOf(member.id))).status).toBe(404);
    expect((await load(avatarOf(member.id), member.client)).status).toBe(200);
  });
});

it("answers 404 for files of no member, and for paths that are not storage keys", async () => {
  for (const url of [
    "/uploads/avatars/nobody/avatar.webp",
    "/uploads/avatars/",
    "/uploads/",
    "/uploads/other/file.webp",
    "/uploads/avatars/a/b/avatar.webp",
  ]) {
    expect((await load(url, admin.client)).status, url).toBe(404);
  }
});
