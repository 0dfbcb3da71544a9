// Helpers for the hardening tests: one signed-in member per role, clients that can be copied
// (so a sign-in or sign-out in one test case leaves the others alone), multipart uploads and
// rows owned by a chosen member.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { type Db, queryRows } from "@/server/db/client";
import { createMember } from "@/server/test/factories";
import {
  CLIENT_IP_TEST_HEADER,
  createClient,
  TEST_SITE_URL,
  type TestApp,
  type TestClient,
} from "@/server/test/test-app";
import type { Role } from "@/shared/permissions";
import type { Caller } from "./permission-matrix";

type AnyApp = { request: TestApp["app"]["request"] };

export type Member = Awaited<ReturnType<typeof createMember>>;

export type Callers = {
  members: Record<Role, Member>;
  /** A plain member who owns the "other's" records. */
  other: Member;
};

export async function createCallers(t: TestApp): Promise<Callers> {
  const members = {
    user: await createMember(t, { name: "Uma User" }),
    author: await createMember(t, { role: "author", name: "Ada Author" }),
    moderator: await createMember(t, { role: "moderator", name: "Mo Moderator" }),
    admin: await createMember(t, { role: "admin", name: "Al Admin" }),
  };
  return { members, other: await createMember(t, { name: "Olga Other" }) };
}

/** A fresh client on `app` holding `from`'s cookies (none for anonymous). */
export function clientFor(
  app: AnyApp,
  callers: Callers,
  caller: Caller,
  ip = randomIp(),
): TestClient {
  const client = createClient(app as TestApp["app"], ip);
  if (caller !== "anonymous") {
    for (const [name, value] of callers.members[caller].client.cookies) {
      client.cookies.set(name, value);
    }
  }
  return client;
}

/** A documentation-range address, so that per-address limits do not pile up across cases. */
export function randomIp(): string {
  const [a = 0, b = 0] = randomBytes(2);
  return `198.18.${a}.${b}`;
}

export function cookieHeader(client: TestClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** A multipart request as a browser sends it: cookies, our Origin, the client's address. */
export function sendForm(
  app: AnyApp,
  client: TestClient,
  method: string,
  path: string,
  form: FormData,
  clientIp = "127.0.0.1",
): Promise<Response> {
  const cookie = cookieHeader(client);
  return Promise.resolve(
    app.request(new URL(path, TEST_SITE_URL).href, {
      method,
      body: form,
      headers: {
        origin: TEST_SITE_URL,
        [CLIENT_IP_TEST_HEADER]: clientIp,
        ...(cookie ? { cookie } : {}),
      },
    }),
  );
}

export async function pngBlob(size = 8): Promise<Blob> {
  const png = await sharp({
    create: { width: size, height: size, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

export async function avatarForm(field = "avatar"): Promise<FormData> {
  const form = new FormData();
  form.set(field, await pngBlob(), "avatar.png");
  return form;
}

export async function insertBlogPost(db: Db, authorId: string | null): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into blog_posts (slug, title, excerpt, content, status, author_id)
        values ('post-' || gen_random_uuid(), 'A post', 'An excerpt', 'Some content', 'draft', ${authorId})
        returning id`,
  );
  if (!row) throw new Error("insert failed");
  return row.id;
}
