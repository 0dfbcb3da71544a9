// Emailing a post to the newsletter, delivered through a real SMTP server in the test
// (test/smtp-sink.ts): who gets it, its headers and parts, the counts the CMS shows, and a
// send that resumes after its worker died without repeating or skipping anyone.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { NEWSLETTER_BATCH_QUEUE } from "@/server/domain/newsletter/sends";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { type SmtpSink, startSmtpSink } from "@/server/test/smtp-sink";
import { createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { ApiErrorBody, CmsBlogPost } from "@/shared/api-types";

let t: TestApp;
let sink: SmtpSink;
let author: TestClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    alsoSmtpUrl: sink.url,
    env: { NEWSLETTER_MAILS_PER_SECOND: "0", NEWSLETTER_BATCH_SIZE: "3" },
  });
  author = (await createMember(t, { role: "author" })).client;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});
beforeEach(async () => {
  // Every test starts from its own list.
  await t.db.execute(sql`delete from newsletter_subscribers`);
});

async function addSubscribers(status: "active" | "pending" | "inactive", count: number) {
  const emails = Array.from({ length: count }, () => uniqueEmail(status));
  for (const email of emails) {
    await t.db.execute(
      sql`insert into newsletter_subscribers (email, status, consent_given) values (${email}, ${status}, true)`,
    );
  }
  return emails;
}

async function publishedPost(values: { title: string; excerpt: string; content: string }) {
  const [row] = await queryRows<{ id: string; slug: string }>(
    t.db,
    sql`insert into blog_posts (slug, title, excerpt, content, status, published_at)
        values ('post-' || gen_random_uuid(), ${values.title}, ${values.excerpt}, ${values.content}, 'published', now())
        returning id, slug`,
  );
  if (!row) throw new Error("insert failed");
  return row;
}

const received = (to: string) => sink.received.filter((mail) => mail.recipients.includes(to));

async function post(id: string): Promise<CmsBlogPost> {
  return (await (await author.get(`/api/cms/blog-posts/${id}`)).json()) as CmsBlogPost;
}

describe("Publish and email subscribers", () => {
  it("mails every active subscriber once, with text and HTML parts and one-click unsubscribe", async () => {
    const active = await addSubscribers("active", 4);
    const [pending] = await addSubscribers("pending", 1);
    const [inactive] = await addSubscribers("inactive", 1);
    const { id, slug } = await publishedPost({
      title: 'Tom & "Jerry" <b>shout</b>',
      excerpt: "An excerpt <script>alert(1)</script>",
      content: "First paragraph.\n\nSecond & last <i>paragraph</i>.",
    });
    const response = await author.post(`/api/cms/blog-posts/${id}/newsletter`, {
      content: "excerpt",
    });
    expect(response.status).toBe(202);
    expect(((await response.json()) as CmsBlogPost).newsletter).toMatchObject({
      content: "excerpt",
    });
    await t.runJobs();

    for (const email of active) expect(received(email)).toHaveLength(1);
    expect(received(pending ?? "")).toHaveLength(0);
    expect(received(inactive ?? "")).toHaveLength(0);

    const mail = received(active[0] ?? "")[0];
    if (!mail) throw new Error("no mail");
    expect(mail.headers.get("subject")).toBe('Tom & "Jerry" <b>shout</b>');
    expect(mail.headers.get("message-id")).toMatch(/^<newsletter-\d+@localhost>$/);
    const oneClick = mail.headers.get("list-unsubscribe")?.match(/^<(.+)>$/)?.[1] ?? "";
    expect(oneClick).toMatch(
      /^http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\?email=.+&token=.+/,
    );
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers.get("content-type")).toMatch(/^multipart\/alternative/);

    const postUrl = `http://localhost:3000/blog/${slug}`;
    expect(mail.text).toContain('Tom & "Jerry" <b>shout</b>');
    expect(mail.text).toContain("An excerpt <script>alert(1)</script>");
    expect(mail.text).toContain(`Read more: ${postUrl}`);
    expect(mail.text).toContain("Rant Community newsletter");
    expect(mail.text).toMatch(
      /Unsubscribe: http:\/\/localhost:3000\/newsletter\/unsubscribe\?email=/,
    );
    expect(mail.text).not.toContain("First paragraph.");

    expect(mail.html).toContain("Tom &amp; &quot;Jerry&quot; &lt;b&gt;shout&lt;/b&gt;");
    expect(mail.html).toContain("An excerpt &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toMatch(/<script|<b>/);
    expect(mail.html).toContain(`<a href="${postUrl}">Read more</a>`);
    expect(mail.html).toContain("Rant Community");
    expect(mail.html).toContain(">Unsubscribe</a>");

    expect((await post(id)).newsletter).toMatchObject({ queued: 0, sent: 4, failed: 0 });

    // The header's address works as RFC 8058 says a provider uses it: a bare POST.
    const unsubscribed = await t.app.request(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    const [row] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from newsletter_subscribers where email = ${active[0]}`,
    );
    expect(row?.status).toBe("inactive");
  });

  it("carries the whole post when asked, its paragraphs kept", async () => {
    const [email] = await addSubscribers("active", 1);
    const { id } = await publishedPost({
      title: "Full one",
      excerpt: "Short",
      content: "Para one\nline two.\n\nPara <two>.",
    });
    await author.post(`/api/cms/blog-posts/${id}/newsletter`, { content: "full" });
    await t.runJobs();
    const mail = received(email ?? "")[0];
    expect(mail?.text).toContain("Para one\r\nline two.\r\n\r\nPara <two>.");
    expect(mail?.text).toContain("Read it on the site: http://localhost:3000/blog/");
    expect(mail?.html).toContain('<p style="margin:0 0 16px">Para one<br>line two.</p>');
    expect(mail?.html).toContain("Para &lt;two&gt;.");
  });

  it("sends a post once, only when published, and only for authors and admins", async () => {
    await addSubscribers("active", 1);
    const { id } = await publishedPost({ title: "Once", excerpt: "e", content: "c" });
    expect(
      (await author.post(`/api/cms/blog-posts/${id}/newsletter`, { content: "full" })).status,
    ).toBe(202);
    const again = await author.post(`/api/cms/blog-posts/${id}/newsletter`, { content: "full" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ApiErrorBody).error.message).toBe(
      "This post has already been emailed to subscribers.",
    );
    const [draft] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into blog_posts (slug, title, excerpt, content) values ('d-' || gen_random_uuid(), 'D', 'e', 'c') returning id`,
    );
    const refused = await author.post(`/api/cms/blog-posts/${draft?.id}/newsletter`, {
      content: "full",
    });
    expect(refused.status).toBe(409);
    expect(
      (await author.post(`/api/cms/blog-posts/${draft?.id}/newsletter`, { content: "some" }))
        .status,
    ).toBe(400);
    const moderator = (await createMember(t, { role: "moderator" })).client;
    expect(
      (await moderator.post(`/api/cms/blog-posts/${id}/newsletter`, { content: "full" })).status,
    ).toBe(403);
    await t.runJobs();
  });

  it("skips who unsubscribed after the send began, and counts a refused address as failed", async () => {
    const [stays, leaves, refused] = await addSubscribers("active", 3);
    const second = await publishedPost({ title: "Mixed 2", excerpt: "e", content: "c" });
    const before = sink.received.length;
    sink.beforeAccept = (mail) => {
      if (mail.recipients.includes(refused ?? "")) {
        throw Object.assign(new Error("No such mailbox"), { responseCode: 550 });
      }
    };
    try {
      await author.post(`/api/cms/blog-posts/${second.id}/newsletter`, { content: "excerpt" });
      await t.db.execute(
        sql`update newsletter_subscribers set status = 'inactive' where email = ${leaves}`,
      );
      await t.runJobs();
    } finally {
      sink.beforeAccept = undefined;
    }
    const newMail = sink.received.slice(before);
    expect(newMail.map((mail) => mail.recipients[0])).toEqual([stays]);
    expect((await post(second.id)).newsletter).toMatchObject({ queued: 0, sent: 1, failed: 1 });
  });

  it("waits out a mail server that refuses for now, then sends everyone exactly once", async () => {
    const emails = await addSubscribers("active", 5);
    const { id } = await publishedPost({ title: "Retry", excerpt: "e", content: "c" });
    sink.failNext(1);
    await author.post(`/api/cms/blog-posts/${id}/newsletter`, { content: "excerpt" });
    await t.runJobs();
    expect((await post(id)).newsletter?.queued).toBe(5);
    await t.runJobs({ ignoreStartAfter: true });
    for (const email of emails) expect(received(email)).toHaveLength(1);
    expect((await post(id)).newsletter).toMatchObject({ queued: 0, sent: 5, failed: 0 });
  });

  it("resumes after its worker died: the rows done stay done, the one it held is sent again", async () => {
    const emails = await addSubscribers("active", 6);
    const { id } = await publishedPost({ title: "Resume", excerpt: "e", content: "c" });
    // What the fan-out makes, then a worker that sent two, held the third and died.
    const [send] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into newsletter_sends (post_id, content, fanned_out_at) values (${id}::uuid, 'excerpt', now()) returning id`,
    );
    await t.db.execute(
      sql`insert into newsletter_deliveries (send_id, subscriber_id)
          select ${send?.id}::uuid, id from newsletter_subscribers where status = 'active' order by email`,
    );
    const rows = await queryRows<{ id: string; email: string }>(
      t.db,
      sql`select d.id::text, s.email from newsletter_deliveries d join newsletter_subscribers s on s.id = d.subscriber_id
          where d.send_id = ${send?.id}::uuid order by d.id`,
    );
    expect(rows).toHaveLength(6);
    await t.db.execute(
      sql`update newsletter_deliveries set status = 'sent', sent_at = now() where id in (${sql.raw(
        rows
          .slice(0, 2)
          .map((row) => row.id)
          .join(","),
      )})`,
    );
    await t.db.execute(
      sql`update newsletter_deliveries set status = 'sending', claimed_by = 'dead:0',
            claimed_at = now() - interval '1 hour', attempts = 1 where id = ${rows[2]?.id}`,
    );
    await t.deps.jobs.send(
      NEWSLETTER_BATCH_QUEUE,
      { sendId: send?.id },
      { singletonKey: send?.id },
    );
    await t.runJobs();
    for (const row of rows.slice(0, 2)) expect(received(row.email)).toHaveLength(0);
    for (const row of rows.slice(2)) expect(received(row.email)).toHaveLength(1);
    expect(emails).toHaveLength(6);
    expect((await post(id)).newsletter).toMatchObject({ queued: 0, sent: 6, failed: 0 });
  });
});
