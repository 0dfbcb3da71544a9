// Avatar uploads: size and content checks (413, 415), re-encoding to a 256x256 WebP without
// metadata at avatars/{userId}/avatar.webp, and the profile's versioned URL. The images are
// made with sharp itself, so no binary fixtures are needed.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { profiles } from "@/server/db/schema";
import { uploadsDirectory } from "@/server/lib/storage";
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

let t: TestApp;
let member: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t, { name: "Pixel Person" });
});

afterAll(async () => {
  await t.close();
});

/** PUT /api/profiles/me/avatar as a browser would send it: multipart, cookies, our Origin. */
async function upload(client: TestClient | null, file: Blob, fileName: string, field = "avatar") {
  const form = new FormData();
  form.set(field, file, fileName);
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  return t.app.request(`${TEST_SITE_URL}/api/profiles/me/avatar`, {
    method: "PUT",
    body: form,
    headers: { origin: TEST_SITE_URL, ...(cookie ? { cookie } : {}) },
  });
}

const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  });

const storedAvatar = (userId: string) =>
  path.join(uploadsDirectory(t.dataDir), "avatars", userId, "avatar.webp");

async function expectStoredWebp(userId: string) {
  const stored = await readFile(storedAvatar(userId));
  const metadata = await sharp(stored).metadata();
  expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
  expect(metadata.exif).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  return stored;
}

describe("PUT /api/profiles/me/avatar", () => {
  it.each([
    ["PNG", "image/png", () => photo(640, 480).png().toBuffer()],
    ["GIF", "image/gif", () => photo(300, 300).gif().toBuffer()],
    ["WebP", "image/webp", () => photo(100, 900).webp().toBuffer()],
  ])("stores a %s as a 256x256 WebP and points the profile at it", async (_name, type, make) => {
    const bytes = await make();
    const before = Date.now();
    const response = await upload(member.client, new Blob([bytes], { type }), "me.img");
    expect(response.status).toBe(200);
    const { avatarUrl } = (await response.json()) as AvatarResponse;
    expect(avatarUrl).toMatch(new RegExp(`^/uploads/avatars/${member.id}/avatar\\.webp\\?v=\\d+$`));
    expect(Number(avatarUrl.split("?v=")[1])).toBeGreaterThanOrEqual(before);
    await expectStoredWebp(member.id);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(row?.avatarUrl).toBe(avatarUrl);
  });

  it("re-encodes a JPEG with EXIF and GPS data into a WebP without any metadata", async () => {
    const jpeg = await photo(800, 600)
      .jpeg()
      .withExif({ IFD0: { Make: "SpyCam", Model: "X1" }, IFD3: { GPSLatitudeRef: "N" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(member.client, new Blob([jpeg], { type: "image/jpeg" }), "a.jpg");
    expect(response.status).toBe(200);
    const stored = await expectStoredWebp(member.id);
    expect(stored.includes(Buffer.from("SpyCam"))).toBe(false);
  });

  it("answers 413 for a file over 5 MB", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await photo(10, 10).png().toBuffer());
    const response = await upload(member.client, new Blob([big], { type: "image/png" }), "big.png");
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { message: "Avatar image must be less than 5MB." },
    });
  });

  it("answers 415 for a text file named .png and declared as an image", async () => {
    const text = new Blob(["just some text, honestly"], { type: "image/png" });
    const response = await upload(member.client, text, "photo.png");
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      error: { message: "Please select an image file." },
    });
  });

  it("answers 415 for an SVG that carries a script", async () => {
    const svg = new Blob(
      [
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
      ],
      { type: "image/svg+xml" },
    );
    const response = await upload(member.client, svg, "avatar.svg");
    expect(response.status).toBe(415);
  });

  it("answers 415 for an image whose content is cut short", async () => {
    const png = await photo(400, 400).png().toBuffer();
    const truncated = new Blob([png.subarray(0, 120)], { type: "image/png" });
    const response = await upload(member.client, truncated, "cut.png");
    expect(response.status).toBe(415);
  });

  it("needs a session and a file in the `avatar` field", async () => {
    const png = new Blob([await photo(20, 20).png().toBuffer()], { type: "image/png" });
    expect((await upload(null, png, "a.png")).status).toBe(401);
    expect((await upload(member.client, png, "a.png", "picture")).status).toBe(400);
  });

  it("keeps each member's avatar in their own folder", async () => {
    const other = await createMember(t);
    const png = new Blob([await photo(50, 50).png().toBuffer()], { type: "image/png" });
    expect((await upload(other.client, png, "x.png")).status).toBe(200);
    await expectStoredWebp(other.id);
    await expectStoredWebp(member.id);
  });

  it("is served at its URL as a WebP", async () => {
    const png = new Blob([await photo(64, 64).png().toBuffer()], { type: "image/png" });
    const { avatarUrl } = (await (await upload(member.client, png, "p.png")).json()) as {
      avatarUrl: string;
    };
    const withUploads = createApp(t.deps, {
      uploads: uploadsRoutes(t.deps.storage, avatarAccess),
    });
    const served = await withUploads.request(`${TEST_SITE_URL}${avatarUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("is rate limited per member", async () => {
    const busy = await createMember(t);
    const text = new Blob(["not an image"], { type: "image/png" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await upload(busy.client, text, "x.png")).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 415)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
