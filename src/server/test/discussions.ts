// Test helpers for discussions: rows inserted directly (with a chosen age and flags, which the
// API cannot set) and a reader for the live event stream.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

/**
 * The first category (docs/decisions/066): the one discussions inserted directly go to
 * unless a test names another. The API never defaults; only these helpers do.
 */
export const FIRST_CATEGORY = sql`(select id from categories order by position, created_at limit 1)`;
/** The seeded first category's slug, for requests that must name one. */
export const FIRST_CATEGORY_SLUG = "rants-and-vents";

export type DiscussionRowOverrides = {
  /** A category's id; the first category by default. */
  categoryId?: string;
  title?: string;
  content?: string;
  authorId?: string | null;
  isPinned?: boolean;
  isLocked?: boolean;
  status?: string;
  /** Decision 064: `plain` for a discussion from before the composer; the column's default else. */
  contentFormat?: "plain" | "markup";
  /** How long ago it was created. */
  ageMinutes?: number;
};

let counter = 0;

export async function insertDiscussionRow(
  db: Db,
  overrides: DiscussionRowOverrides = {},
): Promise<string> {
  counter += 1;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into discussions (title, content, content_format, author_id, category_id, is_pinned, is_locked, status, created_at, updated_at)
        values (
          ${overrides.title ?? `Discussion ${counter}`},
          ${overrides.content ?? `Content of discussion ${counter}`},
          ${overrides.contentFormat ?? "markup"},
          ${overrides.authorId ?? null},
          ${overrides.categoryId ? sql`${overrides.categoryId}::uuid` : FIRST_CATEGORY},
          ${overrides.isPinned ?? false},
          ${overrides.isLocked ?? false},
          ${overrides.status ?? "active"},
          now() - make_interval(mins => ${overrides.ageMinutes ?? 0}),
          now()
        )
        returning id`,
  );
  if (!row) throw new Error("insert failed");
  return row.id;
}

export type SseMessage = { event: string; data: string } | { comment: string };

/** Reads Server-Sent Events from a response body, one message (or comment) at a time. */
export function sseReader(response: Response) {
  if (!response.body) throw new Error("no body");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";

  const parse = (block: string): SseMessage => {
    if (block.startsWith(":")) return { comment: block.slice(1).trim() };
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
      else if (line.startsWith("data:")) data.push(line.slice(5));
    }
    return { event, data: data.join("\n") };
  };

  const readMessage = async (): Promise<SseMessage | null> => {
    while (true) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      const { done, value } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };

  return {
    /** The next message or comment; null once the stream has ended; throws after `timeoutMs`. */
    next(timeoutMs = 5_000): Promise<SseMessage | null> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms`)), timeoutMs);
      });
      return Promise.race([readMessage(), timeout]).finally(() => clearTimeout(timer));
    },
    /** The next named event, skipping keep-alive comments. */
    async nextEvent(timeoutMs = 5_000): Promise<{ event: string; data: string } | null> {
      const deadline = Date.now() + timeoutMs;
      while (true) {
        const message = await this.next(Math.max(1, deadline - Date.now()));
        if (message === null || "event" in message) return message;
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
