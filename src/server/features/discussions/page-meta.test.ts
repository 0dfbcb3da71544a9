import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import type { StaticFile } from "@/server/lib/static-files";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createTestApp, type TestApp } from "@/server/test/test-app";

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  const shell = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
  const files = new Map<string, StaticFile>([
    [
      "/index.html",
      {
        body: Buffer.from(shell),
        contentType: "text/html; charset=utf-8",
        etag: '"s"',
        immutable: false,
      },
    ],
  ]);
  app = createApp(t.deps, { staticFiles: files });
});
afterAll(async () => {
  await t.close();
});

async function head(path: string) {
  const response = await app.request(path);
  return { status: response.status, html: await response.text() };
}

describe("page metadata of /discussion/{id}", () => {
  it("names the discussion and describes it with the first 200 characters of its content", async () => {
    const content = `${"word ".repeat(30)}\n\nsecond paragraph ${"x".repeat(300)}`;
    const id = await insertDiscussionRow(t.db, { title: 'Queues & "manners"', content });
    const { status, html } = await head(`/discussion/${id}`);
    expect(status).toBe(200);
    expect(html).toContain("<title>Queues &amp; &quot;manners&quot; · Rant Community</title>");
    const description = html.match(/<meta name="description" content="([^"]*)">/)?.[1] ?? "";
    expect(description).toHaveLength(200);
    expect(description.startsWith("word word")).toBe(true);
    expect(description).toContain("word second paragraph xxx");
    expect(html).toContain(`<meta property="og:description" content="${description}">`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/discussion/${id}">`);
  });

  it("falls back to the fixed metadata for a missing, deleted or malformed id", async () => {
    const deleted = await insertDiscussionRow(t.db, { title: "Secret removed", status: "deleted" });
    for (const id of [deleted, "3f1d7c1e-0000-4000-8000-000000000000", "nope"]) {
      const { status, html } = await head(`/discussion/${id}`);
      // The server-rendered page says it is not found, and so does the status (decision 025).
      expect(status).toBe(404);
      expect(html).toContain("Discussion not found");
      expect(html).toContain("<title>Discussion · Rant Community</title>");
      expect(html).not.toContain("Secret removed");
    }
  });

  it("leaves other pages alone", async () => {
    const { html } = await head("/discussion");
    expect(html).toContain("<title>Discussion forum · Rant Community</title>");
  });
});
