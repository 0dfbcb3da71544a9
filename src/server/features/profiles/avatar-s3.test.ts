// Avatars on an S3-compatible store (lib/s3-storage.ts), against s3rver started here: the
// avatar lands in the bucket (not on the disk), the app serves it with the same cache headers
// and privacy rules, and a store that stops answering makes uploads answer 503 while the rest
// of the site works.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { profiles } from "@/server/db/schema";
import { STORAGE_UNAVAILABLE_MESSAGE, uploadsDirectory } from "@/server/lib/storage";
import { uploadsRoutes } from "@/server/lib/uploads";
import { createMember } from "@/server/test/factories";
import {
  createTestApp,
  TEST_SITE_URL,
  type TestApp,
  type TestClient,
} from "@/server/test/test-app";
import type { AvatarResponse } from "@/shared/api-types";
import { avatarAccess } from "./avatar-access";

const BUCKET = "rant-uploads";

let s3: S3rver;
let s3Directory: string;
let t: TestApp;
let app: ReturnType<typeof createApp>;
let member: Awaited<ReturnType<typeof createMember>>;
let stranger: Awaited<ReturnType<typeof createMember>>;

async function startS3(port = 0): Promise<number> {
  s3 = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  return (await s3.run()).port;
}

beforeAll(async () => {
  s3Directory = await mkdtemp(path.join(tmpdir(), "rc-s3-"));
  const port = await startS3();
  t = await createTestApp({
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
  });
  app = createApp(t.deps, { uploads: uploadsRoutes(t.deps.storage, avatarAccess) });
  member = await createMember(t, { name: "Bucket Person" });
  stranger = await createMember(t, { name: "Someone Else" });
});

afterAll(async () => {
  await t.close();
  await s3.close().catch(() => {});
  await rm(s3Directory, { recursive: true, force: true });
});

function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

async function uploadAvatar(client: TestClient) {
  const png = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("avatar", new Blob([png], { type: "image/png" }), "me.png");
  return app.request(`${TEST_SITE_URL}/api/profiles/me/avatar`, {
    method: "PUT",
    body: form,
    headers: { origin: TEST_SITE_URL, cookie: cookieOf(client) },
  });
}

describe("uploads on S3", () => {
  let avatarUrl = "";

  it("stores the avatar in the bucket, not on the disk", async () => {
    const response = await uploadAvatar(member.client);
    expect(response.status).toBe(200);
    ({ avatarUrl } = (await response.json()) as AvatarResponse);
    expect(avatarUrl).toMatch(new RegExp(`^/uploads/avatars/${member.id}/avatar\\.webp\\?v=\\d+$`));
    const objects = await readdir(path.join(s3Directory, BUCKET), { recursive: true });
    expect(objects.join("\n")).toContain(`avatars/${member.id}/avatar.webp`);
    const disk = await readdir(uploadsDirectory(t.dataDir)).catch(() => []);
    expect(disk).toEqual([]);
  });

  it("serves it with the disk's cache headers, and answers a revalidation with 304", async () => {
    const response = await app.request(avatarUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=31536000, s-maxage=300, immutable",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: "webp", width: 256, height: 256 });
    const etag = response.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await app.request(avatarUrl, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("keeps the privacy rules: a private member's avatar is hidden from others", async () => {
    await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, member.id));
    try {
      const others = await app.request(avatarUrl, {
        headers: { cookie: cookieOf(stranger.client) },
      });
      expect(others.status).toBe(404);
      const own = await app.request(avatarUrl, { headers: { cookie: cookieOf(member.client) } });
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toMatch(/^private,/);
    } finally {
      await t.db.update(profiles).set({ isPublic: true }).where(eq(profiles.id, member.id));
    }
  });

  it("a missing object is a 404", async () => {
    const response = await app.request(`/uploads/avatars/${stranger.id}/avatar.webp`);
    expect(response.status).toBe(404);
  });

  it("an outage of the store answers 503 for uploads only", async () => {
    await s3.close();
    const upload = await uploadAvatar(stranger.client);
    expect(upload.status).toBe(503);
    expect(upload.headers.get("retry-after")).toBe("30");
    expect(((await upload.json()) as { error: { message: string } }).error.message).toBe(
      STORAGE_UNAVAILABLE_MESSAGE,
    );
    expect((await app.request(avatarUrl)).status).toBe(503);
    // Everything else goes on.
    expect((await app.request("/api/discussions")).status).toBe(200);
    expect((await app.request(`/api/profiles/${member.id}`)).status).toBe(200);
  });
});
