// Pictures in posts through the API (issue 40, docs/decisions/065): what an upload stores (a
// WebP of at most 2048 px, without metadata) and refuses (too large, not an image, corrupt,
// truncated, a pixel bomb, animated: a clear 4xx, nothing stored); who may load an image (its
// post's visibility; a draft's only its uploader); the orphan sweep; 10 images a post.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "@/server/app";
import { queryRows } from "@/server/db/client";
import { removeOrphanPostImages } from "@/server/domain/post-images/store";
import {
  IMAGE_STILL_UPLOADING,
  IMAGES_BUSY,
  MAX_UPLOADS_AT_ONCE,
  uploadPlace,
} from "@/server/domain/post-images/upload-places";
import { BODY_TOO_SLOW } from "@/server/lib/body-deadline";
import { uploadsDirectory } from "@/server/lib/storage";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, TEST_SITE_URL, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, DiscussionItem, UploadedPostImage } from "@/shared/api-types";
import {
  IMAGE_ANIMATED,
  IMAGE_NOT_AN_IMAGE,
  IMAGE_TOO_LARGE,
  imageToken,
  TOO_MANY_IMAGES,
} from "@/shared/post-images";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let pia: Member;
let olga: Member;
let moderator: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  pia = await createMember(t, { name: "Pia Picture" });
  olga = await createMember(t, { name: "Olga Other" });
  moderator = await createMember(t, { name: "Mo Moderator", role: "moderator" });
});
afterAll(async () => {
  await t.close();
});

const cookieOf = (member: Member) =>
  [...member.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

async function upload(member: Member, file: Blob, name = "my-cat_photo.png") {
  const form = new FormData();
  form.set("image", file, name);
  return t.app.request(`${TEST_SITE_URL}/api/images`, {
    method: "POST",
    body: form,
    headers: { origin: TEST_SITE_URL, cookie: cookieOf(member) },
  });
}

/** An upload whose body is `body` as it streams in (no declared length), for a body's timing. */
function streamedUpload(member: Member, body: ReadableStream<Uint8Array>, app = t.app) {
  return app.request(`${TEST_SITE_URL}/api/images`, {
    method: "POST",
    body,
    headers: {
      origin: TEST_SITE_URL,
      cookie: cookieOf(member),
      "content-type": "multipart/form-data; boundary=x",
    },
    duplex: "half",
  } as RequestInit);
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "Pia's camera" } } })
    .png()
    .toBuffer();

async function uploaded(member: Member, file?: Blob): Promise<UploadedPostImage> {
  const response = await upload(member, file ?? new Blob([new Uint8Array(await png(40, 30))]));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as UploadedPostImage;
}

const rowsOf = async (uploaderId: string) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from post_images where uploader_id = ${uploaderId}`,
    )
  )[0]?.n;

async function filesOf(uploaderId: string): Promise<string[]> {
  return readdir(path.join(uploadsDirectory(t.dataDir), "post-images", uploaderId)).catch(() => []);
}

describe("an upload", () => {
  it("is stored as a WebP of at most 2048 px without metadata", async () => {
    const big = new Blob([new Uint8Array(await png(3000, 1000))]);
    const image = await uploaded(pia, big);
    expect(image).toMatchObject({ width: 2048, height: 683 });
    const response = await pia.client.get(`/api/images/${image.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 2048, height: 683 });
    expect(metadata.exif).toBeUndefined();
  });

  it("keeps narrower copies of a wide image, served with ?w= as the image is", async () => {
    const image = await uploaded(pia, new Blob([new Uint8Array(await png(1500, 1000))]));
    expect(await filesOf(pia.id)).toEqual(
      expect.arrayContaining([`${image.id}.webp`, `${image.id}-640.webp`, `${image.id}-1280.webp`]),
    );
    for (const width of [640, 1280]) {
      const response = await pia.client.get(`/api/images/${image.id}?w=${width}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format: "webp", width, height: Math.round(width / 1.5) });
    }
    // Widths it has no copy in, and a draft's copy asked for by another member.
    for (const width of ["2048", "641", "0640", "abc", ""]) {
      expect((await pia.client.get(`/api/images/${image.id}?w=${width}`)).status).toBe(404);
    }
    expect((await olga.client.get(`/api/images/${image.id}?w=640`)).status).toBe(404);
    // A narrow image has no copies: nothing narrower is needed.
    const narrow = await uploaded(pia, new Blob([new Uint8Array(await png(600, 400))]));
    expect((await filesOf(pia.id)).filter((file) => file.startsWith(narrow.id))).toEqual([
      `${narrow.id}.webp`,
    ]);
    expect((await pia.client.get(`/api/images/${narrow.id}?w=640`)).status).toBe(404);
  });

  it("refuses bad input with the avatar's messages, storing nothing", async () => {
    const before = [await rowsOf(olga.id), (await filesOf(olga.id)).length];
    const valid = await png(200, 200);
    // A pixel bomb: a tiny PNG whose header says 20000 x 20000 (its CRC fixed, so it parses).
    const bomb = Buffer.from(valid);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)) >>> 0, 29);
    // Two different 20 x 20 frames (the same twice would be merged into one).
    const frames = Buffer.alloc(20 * 40 * 3, 200).fill(10, 0, 20 * 20 * 3);
    const animated = await sharp(frames, {
      raw: { width: 20, height: 40, channels: 3, pageHeight: 20 },
    })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    const cases: Array<[string, Blob, number, string]> = [
      ["oversized", new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]), 413, IMAGE_TOO_LARGE],
      ["not an image", new Blob(["just words"], { type: "image/png" }), 415, IMAGE_NOT_AN_IMAGE],
      [
        "an SVG with a script",
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']),
        415,
        IMAGE_NOT_AN_IMAGE,
      ],
      ["truncated", new Blob([new Uint8Array(valid.subarray(0, 60))]), 415, IMAGE_NOT_AN_IMAGE],
      ["a pixel bomb", new Blob([new Uint8Array(bomb)]), 415, IMAGE_NOT_AN_IMAGE],
      ["animated", new Blob([new Uint8Array(animated)]), 415, IMAGE_ANIMATED],
    ];
    for (const [name, file, status, message] of cases) {
      const response = await upload(olga, file);
      expect(response.status, name).toBe(status);
      expect(((await response.json()) as ApiErrorBody).error.message, name).toBe(message);
    }
    expect([await rowsOf(olga.id), (await filesOf(olga.id)).length]).toEqual(before);
  });

  it("is told to retry, its body unread, while the process holds as many uploads as it may", async () => {
    // Six refusals first: a refused upload gives its place back (else the last upload waits).
    for (let refused = 0; refused < 2 * MAX_UPLOADS_AT_ONCE; refused += 1) {
      expect((await upload(olga, new Blob(["just words"]))).status).toBe(415);
    }
    const held = Array.from({ length: MAX_UPLOADS_AT_ONCE }, (_, n) => uploadPlace(`other-${n}`));
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
        if (pulled === 80) controller.close();
      },
    });
    try {
      const busy = await streamedUpload(pia, body);
      expect(busy.status).toBe(503);
      expect(busy.headers.get("retry-after")).toBe("10");
      expect(((await busy.json()) as ApiErrorBody).error.message).toBe(IMAGES_BUSY);
      // A stream is asked for its first chunk as it is handed over; nothing read it further.
      expect(pulled).toBeLessThanOrEqual(2);
    } finally {
      for (const release of held) release();
    }
    await uploaded(pia);
  });

  it("holds one place a member at most, while other members upload", async () => {
    let pulls = 0;
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls += 1;
        if (pulls === 1) return controller.enqueue(new TextEncoder().encode("--x\r\n"));
        await finished;
        controller.close();
      },
    });
    const first = streamedUpload(pia, body);
    // Its body is being read, so its place is taken.
    await vi.waitFor(() => expect(pulls).toBeGreaterThanOrEqual(2));
    const second = await upload(pia, new Blob([new Uint8Array(await png(10, 10))]));
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("10");
    expect(((await second.json()) as ApiErrorBody).error.message).toBe(IMAGE_STILL_UPLOADING);
    await uploaded(await createMember(t, { name: "Una Uploader" }));
    finish();
    // Not a form with a file after all: refused, and the place given back.
    expect((await first).status).toBe(400);
    await uploaded(pia);
  });

  it("cuts off a body that has not arrived within UPLOAD_BODY_TIMEOUT_SECONDS and gives its place back", async () => {
    expect(t.env.uploadBodyTimeoutMs).toBe(120_000);
    const deadline = 1_000;
    const app = createApp({ ...t.deps, env: { ...t.env, uploadBodyTimeoutMs: deadline } });
    let pulls = 0;
    const trickle = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        // One chunk, then nothing more: the sender has gone quiet.
        if (pulls === 1) controller.enqueue(new TextEncoder().encode("--x\r\n"));
        return pulls === 1 ? undefined : new Promise<void>(() => {});
      },
    });
    const started = Date.now();
    const response = await streamedUpload(pia, trickle, app);
    expect(response.status).toBe(408);
    expect(((await response.json()) as ApiErrorBody).error.message).toBe(BODY_TOO_SLOW);
    expect(Date.now() - started).toBeGreaterThanOrEqual(deadline - 50);
    await uploaded(pia);
  });

  it("needs a member", async () => {
    const response = await createClient(t.app).get("/api/images/not-an-id");
    expect(response.status).toBe(404);
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(await png(10, 10))]), "x.png");
    const anonymous = await t.app.request(`${TEST_SITE_URL}/api/images`, {
      method: "POST",
      body: form,
      headers: { origin: TEST_SITE_URL },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("who may load an image", () => {
  const token = (image: UploadedPostImage) => imageToken({ alt: "a cat", ...image });

  it("in a draft: its uploader only, never cached", async () => {
    const image = await uploaded(pia);
    const own = await pia.client.get(`/api/images/${image.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await olga.client.get(`/api/images/${image.id}`)).status).toBe(404);
    expect((await moderator.client.get(`/api/images/${image.id}`)).status).toBe(404);
    expect((await createClient(t.app).get(`/api/images/${image.id}`)).status).toBe(404);
  });

  it("in a public discussion: everyone, cached publicly; once hidden: its author and moderators, never cached", async () => {
    const image = await uploaded(pia, new Blob([new Uint8Array(await png(700, 500))]));
    const created = await pia.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "My cat",
      content: `Look:\n\n${token(image)}`,
    });
    expect(created.status).toBe(201);
    const discussion = (await created.json()) as DiscussionItem;
    const visitor = createClient(t.app);
    const seen = await visitor.get(`/api/images/${image.id}`);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("cache-control")).toMatch(/^public/);
    // A member gets it too (privately, as every answer to a session: decision 050).
    expect((await olga.client.get(`/api/images/${image.id}`)).status).toBe(200);

    await t.db.execute(
      sql`update discussions set hidden_at = now() where id = ${discussion.id}::uuid`,
    );
    expect((await visitor.get(`/api/images/${image.id}`)).status).toBe(404);
    expect((await visitor.get(`/api/images/${image.id}?w=640`)).status).toBe(404);
    expect((await olga.client.get(`/api/images/${image.id}`)).status).toBe(404);
    for (const reader of [pia, moderator]) {
      const response = await reader.client.get(`/api/images/${image.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }

    await t.db.execute(
      sql`update discussions set status = 'deleted' where id = ${discussion.id}::uuid`,
    );
    expect((await moderator.client.get(`/api/images/${image.id}`)).status).toBe(404);
  });

  it("in a held reply: its author only", async () => {
    const thread = (await (
      await olga.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Pets",
        content: "Show yours",
      })
    ).json()) as DiscussionItem;
    const image = await uploaded(pia);
    const sent = await pia.client.post(`/api/discussions/${thread.id}/replies`, {
      content: token(image),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    expect((await olga.client.get(`/api/images/${image.id}`)).status).toBe(200);
    await t.db.execute(sql`update discussion_replies set held_at = now() where id = ${id}::uuid`);
    expect((await olga.client.get(`/api/images/${image.id}`)).status).toBe(404);
    expect((await pia.client.get(`/api/images/${image.id}`)).status).toBe(200);
  });

  it("of another member is not taken over by naming it in one's own post", async () => {
    const image = await uploaded(pia);
    await olga.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Stolen",
      content: token(image),
    });
    expect((await olga.client.get(`/api/images/${image.id}`)).status).toBe(404);
    expect((await pia.client.get(`/api/images/${image.id}`)).status).toBe(200);
  });
});

describe("erasure", () => {
  it("removes the member's uploads, rows and files; their kept post shows the image to nobody", async () => {
    const gone = await createMember(t, { name: "Gone Soon" });
    const image = await uploaded(gone, new Blob([new Uint8Array(await png(1400, 700))]));
    await gone.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Kept",
      content: imageToken({ alt: "kept", ...image }),
    });
    expect(await filesOf(gone.id)).toContain(`${image.id}-640.webp`);
    const erased = await gone.client.post("/api/account/delete", {
      password: gone.password,
      confirmation: "DELETE",
    });
    expect(erased.status).toBe(200);
    expect(await rowsOf(gone.id)).toBe(0);
    expect(await filesOf(gone.id)).toEqual([]);
    expect((await createClient(t.app).get(`/api/images/${image.id}`)).status).toBe(404);
  });
});

describe("limits and clean-up", () => {
  it("refuses a post with more than 10 images", async () => {
    const image = await uploaded(pia);
    const content = Array.from({ length: 11 }, () => imageToken({ alt: "x", ...image })).join("\n");
    const response = await pia.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Many",
      content,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.fields?.content).toBe(TOO_MANY_IMAGES);
  });

  it("removes uploads in no post after a day, but not those a draft still names", async () => {
    const orphan = await uploaded(olga, new Blob([new Uint8Array(await png(700, 500))]));
    const inDraft = await uploaded(olga);
    const fresh = await uploaded(olga);
    const sent = await uploaded(olga);
    await olga.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Sent",
      content: imageToken({ alt: "sent", ...sent }),
    });
    await olga.client.put("/api/drafts/new-discussion", {
      title: "Later",
      content: imageToken({ alt: "later", ...inDraft }),
    });
    await t.db.execute(
      sql`update post_images set created_at = now() - interval '25 hours'
          where id in (${orphan.id}::uuid, ${inDraft.id}::uuid, ${sent.id}::uuid)`,
    );
    expect(await removeOrphanPostImages(t.db, t.deps.storage)).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ id: string }>(
      t.db,
      sql`select id from post_images where uploader_id = ${olga.id}`,
    );
    expect(left.map((row) => row.id).sort()).toEqual([inDraft.id, fresh.id, sent.id].sort());
    expect((await filesOf(olga.id)).filter((file) => file.startsWith(orphan.id))).toEqual([]);
    expect(await filesOf(olga.id)).toContain(`${inDraft.id}.webp`);
  });
});
