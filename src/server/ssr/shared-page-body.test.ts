// A plain member's page takes its content from another member's render (decision 095), and
// nothing of one member ever reaches another's page: each page served is the page a whole
// render for that member makes, markup and hydration data alike.
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SsrData } from "@/client/lib/ssr-data";
import { createApp } from "@/server/app";
import { builtClient, TEST_SHELL } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow, insertThread } from "@/server/test/replies";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { type SharedBodies, sharedBodies } from "./shared-page-body";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let files: ReturnType<typeof builtClient>;
let author: Member;
let discussionId: string;
let replyIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  files = builtClient(TEST_SHELL);
  author = await createMember(t, { name: "Thread Author" });
  discussionId = await insertDiscussionRow(t.db, {
    title: "A discussion many members read",
    content: "Its opening post",
    authorId: author.id,
  });
  replyIds = await insertThread(t.db, discussionId, 4, { authorId: author.id });
});
afterAll(async () => {
  await t.close();
});

/** An app whose kept content can be watched: how many pages took theirs from it. */
function appWithBodies() {
  const bodies = sharedBodies();
  const counted = { shared: 0 };
  const watched: SharedBodies = {
    ...bodies,
    get(key) {
      const found = bodies.get(key);
      if (found) counted.shared += 1;
      return found;
    },
  };
  return { app: createApp(t.deps, { staticFiles: files, sharedPageBodies: watched }), counted };
}

/** The page `member` gets from `app`: its root markup and hydration data, times left out. */
async function pageFrom(app: ReturnType<typeof createApp>, path: string, member: Member) {
  const cookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await app.request(path, { headers: { cookie } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1];
  const json = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  if (!root || !json) throw new Error(`${path} was not rendered`);
  const data = JSON.parse(json) as SsrData;
  return {
    // "just now" and "an hour ago" are written with the render's clock, which a shared content
    // keeps from its first render (the hydration data carries it).
    markup: root.replace(/(<time[^>]*>)[^<]*(<\/time>)/g, "$1$2"),
    queries: data.queries.map(({ queryHash, state }) => [queryHash, state.status, state.data]),
    lazy: [...data.lazy].sort(),
    data,
  };
}

/** The page a whole render for `member` makes: an app with nothing kept. */
function wholeRender(path: string, member: Member) {
  return pageFrom(createApp(t.deps, { staticFiles: files }), path, member);
}

async function expectWholeRender(
  page: Awaited<ReturnType<typeof pageFrom>>,
  path: string,
  member: Member,
) {
  const whole = await wholeRender(path, member);
  expect(page.markup).toBe(whole.markup);
  expect(page.queries).toEqual(whole.queries);
  expect(page.lazy).toEqual(whole.lazy);
}

describe("a page two plain members read", () => {
  it.each([
    ["a discussion", () => `/discussion/${discussionId}`],
    ["the forum", () => "/discussion"],
  ])(
    "%s: the second member's page is rendered around the first one's content, and is theirs",
    async (_, pathOf) => {
      const path = pathOf();
      const { app, counted } = appWithBodies();
      const ann = await createMember(t, { name: "Ann Firstreader" });
      const bob = await createMember(t, { name: "Bob Secondreader" });

      const first = await pageFrom(app, path, ann);
      expect(counted.shared).toBe(0);
      const second = await pageFrom(app, path, bob);
      expect(counted.shared).toBe(1);

      // Bob's name in his header, nothing of Ann's anywhere in his page.
      expect(second.markup).toContain("Bob Secondreader");
      for (const page of [second.markup, JSON.stringify(second.data)]) {
        expect(page).not.toContain("Ann Firstreader");
        expect(page).not.toContain(ann.id);
        expect(page).not.toContain(ann.email);
      }
      expect(first.markup).toContain("Ann Firstreader");
      await expectWholeRender(second, path, bob);
      // The content was rendered when Ann's page was: the data says so, for the browser's clock.
      expect(second.data.renderedAt).toBe(first.data.renderedAt);
    },
  );
});

describe("members whose pages are their own", () => {
  it("each with a block, a held post and unread replies: each gets the page made for them", async () => {
    const { app, counted } = appWithBodies();
    const cara = await createMember(t, { name: "Cara Blocksome" });
    const dev = await createMember(t, { name: "Dev Holdsome" });
    const other = await createMember(t, { name: "Other Poster" });
    await insertReplyRow(t.db, discussionId, { authorId: other.id, content: "A reply by another" });
    for (const [member, blocked, held] of [
      [cara, other, "Cara's reply, held for review"],
      [dev, author, "Dev's reply, held for review"],
    ] as const) {
      expect((await member.client.put(`/api/blocks/${blocked.id}`)).status).toBe(200);
      const heldId = await insertReplyRow(t.db, discussionId, {
        authorId: member.id,
        content: held,
      });
      await t.db.execute(sql`update discussion_replies set held_at = now() where id = ${heldId}`);
    }
    // Cara has read up to the second reply, Dev nothing yet.
    const read = await cara.client.get(`/api/discussions/${discussionId}/replies`);
    const seq = ((await read.json()) as { items: { id: string; seq: number }[] }).items.find(
      (item) => item.id === replyIds[1],
    )?.seq;
    expect((await cara.client.put(`/api/discussions/${discussionId}/read`, { seq })).status).toBe(
      204,
    );

    const path = `/discussion/${discussionId}`;
    const caraPage = await pageFrom(app, path, cara);
    const devPage = await pageFrom(app, path, dev);
    const caraAgain = await pageFrom(app, path, cara);
    expect(counted.shared).toBe(0);

    expect(caraPage.markup).toContain("Cara&#x27;s reply, held for review");
    expect(devPage.markup).toContain("Dev&#x27;s reply, held for review");
    for (const [page, others] of [
      [caraPage, dev],
      [devPage, cara],
    ] as const) {
      const everything = page.markup + JSON.stringify(page.data);
      expect(everything).not.toContain(others.id);
      expect(everything).not.toContain(others === dev ? "Dev&#x27;s reply" : "Cara&#x27;s reply");
    }
    await expectWholeRender(caraPage, path, cara);
    await expectWholeRender(devPage, path, dev);
    await expectWholeRender(caraAgain, path, cara);

    // On the forum their cards differ (Cara's unread count, the blocked authors' marks): each
    // still gets their own, and a plain member after them gets neither's.
    const erin = await createMember(t, { name: "Erin Plain" });
    for (const member of [cara, dev, erin]) {
      await expectWholeRender(await pageFrom(app, "/discussion", member), "/discussion", member);
    }
  });

  it("a member whose own post is on the page gets it rendered for them, never from another's", async () => {
    const { app, counted } = appWithBodies();
    const reader = await createMember(t, { name: "Plain Reader" });
    const path = `/discussion/${discussionId}`;
    await pageFrom(app, path, reader);
    const authorPage = await pageFrom(app, path, author);
    expect(counted.shared).toBe(0);
    await expectWholeRender(authorPage, path, author);
  });
});

describe("the kept content", () => {
  const session = {
    user: { id: "member-id-1", email: "kept@example.com", emailVerified: true },
    profile: { fullName: "Kept Person", avatarUrl: "/uploads/avatars/kept.webp" },
    role: "user" as const,
    suspension: null,
    secondFactorRequired: false,
  };
  const page = (content: string) =>
    `<header>Kept Person</header><main id="main-content" tabindex="-1">${content}</main><footer></footer>`;

  it("is the main element's content, put back where the header's render left its marker", () => {
    const bodies = sharedBodies();
    bodies.keep("key", { session, markup: page("<p>Shared</p>"), lazy: [], renderedAt: 1 });
    const kept = bodies.get("key");
    expect(kept?.markup).toBe("<p>Shared</p>");
    if (!kept) return;
    expect(bodies.splice(`<main>${bodies.marker}</main>`, kept)).toBe("<main><p>Shared</p></main>");
    expect(bodies.splice("<main></main>", kept)).toBeNull();
  });

  it.each([
    ["id", "/profile/member-id-1"],
    ["email", "kept@example.com"],
    ["name", "Reply as Kept Person"],
    ["picture", '<img src="/uploads/avatars/kept.webp">'],
  ])("is not kept when it shows the member's %s", (_, shown) => {
    const bodies = sharedBodies();
    bodies.keep("key", { session, markup: page(`<p>${shown}</p>`), lazy: [], renderedAt: 1 });
    expect(bodies.get("key")).toBeUndefined();
  });

  it("is not kept when it shows a name React escaped (an apostrophe, an ampersand)", () => {
    const bodies = sharedBodies();
    const obrien = { ...session, profile: { fullName: "Siân O'Brien & Co", avatarUrl: null } };
    const name = obrien.profile.fullName;
    const shown = renderToStaticMarkup(createElement("p", { title: name }, `Reply as ${name}`));
    expect(shown).toContain("O&#x27;Brien &amp; Co");
    bodies.keep("key", { session: obrien, markup: page(shown), lazy: [], renderedAt: 1 });
    expect(bodies.get("key")).toBeUndefined();
  });
});
