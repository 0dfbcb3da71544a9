// The ceiling: a bare node:http handler that runs our app's exact SQL (captured per endpoint,
// see lib/capture-sql.ts) through `pg` and answers JSON of the same shape. No framework, no
// validation, no middleware: what is left is the database, the driver, JSON and the app's own
// response headers (copied from its answer). Run by
// bench/load.ts as its own process, like the app.
//   PORT=3410 ENDPOINTS_FILE=/tmp/endpoints.json DATABASE_URL=... node --import tsx bench/ceiling-server.ts
import { readFileSync } from "node:fs";
import http from "node:http";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { preparedStatementName } from "@/server/db/prepared";
import { RANK_WINDOW } from "@/server/features/search/discussions";
import { JSON_GZIP_LEVEL } from "@/server/lib/compress";
import { REPLIES_PAGE_SIZE } from "@/shared/constants";
import type { CapturedEndpoint } from "./lib/capture-sql";

type Row = Record<string, unknown>;

const endpoints: Array<
  CapturedEndpoint & { html?: string; headers: Record<string, string>; cookie?: string }
> = JSON.parse(readFileSync(process.env.ENDPOINTS_FILE as string, "utf8"));
// A page asked with a session (signedIn) and without one can share a path: told apart by the
// Cookie header, as the app tells them apart; issue 42's readers (endpoint.cookie), by whose it is.
const readerCookies = new Set(endpoints.flatMap((endpoint) => endpoint.cookie ?? []));
const whoOf = (cookie: string | undefined) =>
  cookie === undefined ? "visitor" : readerCookies.has(cookie) ? cookie : "member";
const keyOf = (path: string, who: string) => `${who} ${path}`;
const byKey = new Map(
  endpoints.map((endpoint) => [
    keyOf(endpoint.path, endpoint.cookie ?? (endpoint.signedIn ? "member" : "visitor")),
    endpoint,
  ]),
);
// The app's pool size (src/server/db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

/** The answer's shape, built from the replayed statements' rows as the app builds its own. */
function body(
  shape: CapturedEndpoint["shape"],
  results: Row[][],
  signedIn = false,
  path = "",
): unknown {
  const [first = [], second = []] = results;
  const last = results.at(-1) ?? [];
  switch (shape) {
    case "discussion-page": {
      // A member's list runs other statements after the page's (their blocks): the page is the
      // longest answer then.
      const page = signedIn
        ? results.reduce((longest, rows) => (rows.length > longest.length ? rows : longest), last)
        : last;
      return { items: page.slice(0, 20), nextCursor: page.length > 20 ? "x".repeat(80) : null };
    }
    case "discussion":
      return first[0] ?? null;
    case "reply-page": {
      // The page's rows (told by their `seq`) come after the discussion's; then, where its
      // replies have any, their reactions' counts (issue 45: `kind`), put on each reply as the
      // app does, and the site's settings (the kinds on). A permalink's page (`around`) has
      // both cursors, a first page one when the thread goes on.
      const having = (column: string) =>
        results.findLast((rows) => rows[0]?.[column] !== undefined);
      const page = having("seq") ?? last;
      const counts = new Map<unknown, Record<string, number>>();
      for (const row of having("kind") ?? []) {
        const post = counts.get(row.reply_id) ?? {};
        post[row.kind as string] = Number(row.count);
        counts.set(row.reply_id, post);
      }
      const permalink = path.includes("around=");
      return {
        items: page.slice(0, REPLIES_PAGE_SIZE).map((item) => {
          const reactions = counts.get(item.id);
          return reactions ? { ...item, reactions } : item;
        }),
        nextCursor: page.length > REPLIES_PAGE_SIZE || permalink ? "x".repeat(90) : null,
        prevCursor: permalink ? "x".repeat(90) : null,
      };
    }
    case "members-page":
      return { members: first.slice(0, 24), nextCursor: "x".repeat(60), total: second[0]?.total };
    case "profile":
      return { profile: first[0] ?? null, recentDiscussions: second };
    case "search": {
      // GET /api/search (issue 44): the rate limit's count, the language, the blog posts, the
      // members and the discussions' page (in a transaction of its own), then the suggestion's
      // lookups when too little was found. Each told by a column only it has.
      const having = (column: string) => results.find((rows) => rows[0]?.[column] !== undefined);
      const page = having("own_count") ?? [];
      const suggested = having("word");
      return {
        query: "x".repeat(12),
        discussions: page.slice(0, 20),
        nextPage: page.length > 20 ? 2 : null,
        capped: Number(page[0]?.own_count ?? 0) > RANK_WINDOW,
        blogPosts: having("slug") ?? [],
        members: having("avatar_url") ?? [],
        suggestion: suggested?.[0]?.word ?? null,
      };
    }
    default:
      return null;
  }
}

/**
 * Compressed when the client asks, as the app does (lib/compress.ts): same bytes on the wire.
 * `gzipped` is the text's gzip made in advance, if there is one.
 */
function send(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  headers: Record<string, string>,
  text: string,
  gzipped?: Buffer,
) {
  const { "content-encoding": _encoding, ...plain } = headers;
  if (/\bgzip\b/.test(request.headers["accept-encoding"] ?? "") && text.length >= 1024) {
    const json = /^application\/json\b/i.test(headers["content-type"] ?? "");
    const body = gzipped ?? gzipSync(text, json ? { level: JSON_GZIP_LEVEL } : {});
    response.writeHead(200, { ...plain, "content-encoding": "gzip" }).end(body);
  } else {
    response.writeHead(200, plain).end(text);
  }
}

/**
 * A page's HTML is the same bytes on every request here, so they are gzipped once, as a bare
 * server with precompressed files would (and as the anonymous cache stores a page's gzip once).
 */
const gzippedPages = new Map(
  endpoints
    .filter((endpoint) => endpoint.shape === "html" && (endpoint.html ?? "").length >= 1024)
    .map((endpoint) => [endpoint, gzipSync(endpoint.html ?? "")]),
);

/** Answered 200 once the ceiling listens, whatever it serves: bench/load.ts waits on this path. */
const CEILING_READY_PATH = "/__ceiling-ready";

const server = http.createServer(async (request, response) => {
  if (request.url === CEILING_READY_PATH) {
    response.writeHead(200).end();
    return;
  }
  const endpoint = byKey.get(keyOf(request.url ?? "", whoOf(request.headers.cookie)));
  if (!endpoint) {
    response.writeHead(404).end();
    return;
  }
  if (endpoint.shape === "html") {
    send(request, response, endpoint.headers, endpoint.html ?? "", gzippedPages.get(endpoint));
    return;
  }
  try {
    // One connection for a request's statements, as the app's transaction (search's `begin`,
    // `set local`, `commit`) holds one.
    const results: Row[][] = [];
    const connection = await pool.connect();
    try {
      for (const { text, params, prepared } of endpoint.statements) {
        const name = prepared ? preparedStatementName(text) : undefined;
        results.push((await connection.query({ name, text, values: params })).rows);
      }
    } finally {
      connection.release();
    }
    send(
      request,
      response,
      endpoint.headers,
      JSON.stringify(body(endpoint.shape, results, endpoint.signedIn, endpoint.path)),
    );
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});

server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
