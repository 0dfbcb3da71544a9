// One render of a page's main content for the members whose page it would be the same for
// (docs/decisions/095). A plain member's forum, category or discussion page differs from
// another's in the header (their name, their notification count) and in the data the page was
// loaded with. So the content is kept under a key made of everything it was rendered from (the
// location, every query the page loaded but the header's two, and the session's fields that
// decide what a member may do), and another member whose key is the same gets the content as
// rendered, with only the header and footer rendered for them around it.
//
// The content reads the member through the session; the key leaves out who they are (id, email,
// name, picture), so the content must not depend on that. It cannot, when their id is nowhere in
// the page's data or location (nothing on the page is theirs: no post, no held post, no mention)
// and the content as rendered does not show their id, email, name or picture: such a page is
// rendered for its member alone, as before.
import { createHash, randomBytes } from "node:crypto";
import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/client/lib/api-client";
import type { Viewer } from "@/server/auth/viewer";
import type { SessionResponse } from "@/shared/api-types";

/** The content as kept, with what the browser needs to hydrate it as the server rendered it. */
export type SharedBody = {
  /** The main element's inner markup. */
  markup: string;
  /** The lazy components the page rendered (decision 025): the browser loads them first. */
  lazy: readonly string[];
  /** The render's clock: the content's relative times were written with it. */
  renderedAt: number;
};

type Entry = SharedBody & { until: number; bytes: number };

/** The forum, a category and a discussion: the pages a member reads most. */
const SHARED_PATH = /^\/discussion(?:\/c\/[^/]+|\/[^/]+)?$/;

/** The header's own queries: read by the header alone, rendered for each member. */
const HEADER_QUERIES = new Set(['["session"]', '["notifications","unread"]']);

/** What stands in the main element while the header is rendered: replaced by the content. */
const MARKER = `shared-page-body-${randomBytes(12).toString("hex")}`;

const MAIN_OPEN = '<main id="main-content"';
const MAIN_CLOSE = "</main>";

/** As long as the visitors' cache keeps a page (site-server.ts): no staler than theirs. */
const TTL_MS = 5_000;
/** Kept content, all pages together (UTF-16 code units, about bytes for this markup). */
const MAX_BYTES = 8 * 1024 * 1024;

/** A failed query as the page shows it: a 404 and a 403 with the same words differ. */
function errorOf(error: unknown): unknown {
  if (error instanceof ApiError) return [error.status, error.code, error.message];
  return error instanceof Error ? error.message : null;
}

/** The request's key, or null when the page is this member's alone. */
export function sharedBodyKey(
  viewer: Viewer,
  session: SessionResponse | undefined,
  queryClient: QueryClient,
  location: string,
): string | null {
  if (viewer.role !== "user" || viewer.suspension || !session?.user) return null;
  if (!SHARED_PATH.test(new URL(location, "http://x").pathname)) return null;
  const loaded = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => !HEADER_QUERIES.has(query.queryHash))
    .map((query) => [
      query.queryHash,
      query.state.status,
      query.state.data,
      errorOf(query.state.error),
    ])
    .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));
  const data = JSON.stringify(loaded);
  if (data.includes(viewer.id) || location.includes(viewer.id)) return null;
  // What the content may depend on in the session: what the member may do, never who they are.
  const { user, profile: _profile, ...standing } = session;
  const may = JSON.stringify({ ...standing, emailVerified: user.emailVerified });
  return createHash("sha256")
    .update(location)
    .update("\0")
    .update(may)
    .update("\0")
    .update(data)
    .digest("base64url");
}

export type SharedBodies = {
  /** The kept content for this key, if any and still fresh. */
  get(key: string): SharedBody | undefined;
  /**
   * Keeps the content of a page rendered in full for `session`'s member, when it shows nothing
   * of who they are and the layout is as expected.
   */
  keep(key: string, page: SharedBody & { session: SessionResponse }): void;
  /** The marker the header's render puts where the content goes. */
  marker: string;
  /** The page rendered around the marker, with the content put in its place; null if no marker. */
  splice(markup: string, body: SharedBody): string | null;
};

/** The main element's inner markup of a whole page's render, or null. */
function mainContent(markup: string): string | null {
  const open = markup.indexOf(MAIN_OPEN);
  if (open === -1) return null;
  const start = markup.indexOf(">", open) + 1;
  const end = markup.lastIndexOf(MAIN_CLOSE);
  return start > 0 && end >= start ? markup.slice(start, end) : null;
}

// React writes these five as references in text and attributes alike ("O'Brien" is
// "O&#x27;Brien" in the markup), so each value is looked for as typed and as React escapes it.
const REACT_REFERENCES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

function asReactWritesIt(value: string): string {
  return value.replace(/[&<>"']/g, (char) => REACT_REFERENCES[char] ?? char);
}

function showsMember(markup: string, session: SessionResponse): boolean {
  const { user, profile } = session;
  const personal = [user?.id, user?.email, profile?.fullName, profile?.avatarUrl];
  return personal.some(
    (value) =>
      typeof value === "string" &&
      value !== "" &&
      (markup.includes(value) || markup.includes(asReactWritesIt(value))),
  );
}

export function sharedBodies(): SharedBodies {
  // Insertion order is use order: a hit moves its entry to the end, the oldest go first.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    marker: MARKER,
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      drop(key, entry);
      if (entry.until < performance.now()) return undefined;
      entries.set(key, entry);
      bytes += entry.bytes;
      return entry;
    },
    keep(key, { session, markup: page, lazy, renderedAt }) {
      const markup = mainContent(page);
      if (markup === null || showsMember(markup, session)) return;
      const existing = entries.get(key);
      if (existing) drop(key, existing);
      const entry: Entry = {
        markup,
        lazy,
        renderedAt,
        until: performance.now() + TTL_MS,
        bytes: markup.length + key.length,
      };
      if (entry.bytes > MAX_BYTES / 4) return;
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const [oldKey, old] of entries) {
        if (bytes <= MAX_BYTES) break;
        drop(oldKey, old);
      }
    },
    splice(markup, body) {
      const at = markup.indexOf(MARKER);
      if (at === -1 || markup.indexOf(MARKER, at + 1) !== -1) return null;
      return markup.slice(0, at) + body.markup + markup.slice(at + MARKER.length);
    },
  };
}
