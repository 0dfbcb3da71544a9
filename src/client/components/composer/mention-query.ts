// The pure part of @mention autocomplete (docs/decisions/020, 064): which "@query" the caret is
// in, which members fit it best, and the text once one is picked. The hook
// (hooks/use-mention-autocomplete.ts) keeps the state and talks to the API.
import { mentionLabel } from "@/shared/mentions";
import type { ShownMention } from "./shown-mentions";

/** Characters a query may hold after its "@"; a longer run is not a mention being typed. */
export const MAX_MENTION_QUERY = 30;

/**
 * Spaces a query may hold ("@Mary Ann Smith" has two): names have them, but an "@" left behind
 * in a sentence must not keep asking for members as the writing goes on.
 */
const MAX_QUERY_SPACES = 2;

/** What may come right before the "@": nothing, whitespace or an opening bracket or quote. */
const WORD_START = /[\s([{"'“‘«]/;

/** Characters that end a query: line breaks, and the brackets that make up a mention token. */
const NOT_IN_QUERY = /[\r\n[\]()]/;

/** The rest of a word after the caret: letters, their marks, digits, "_" and "-". */
const WORD_REST = /^[\p{L}\p{M}\p{N}_-]*/u;

export type MentionQuery = {
  /** Where the "@" is. */
  start: number;
  /** The caret: the query is the text between the "@" and here. */
  end: number;
  /** What was typed after the "@", 1 to MAX_MENTION_QUERY characters. */
  query: string;
};

/**
 * The "@query" being typed at `caret` in `text`, or null. The "@" starts a word (so an email
 * address is not one), the query starts with a non-space and holds no line break, no bracket
 * (so the inside of a finished token `@[Name](id)` is not one either), no double space and at
 * most two spaces.
 */
export function activeMentionQuery(text: string, caret: number): MentionQuery | null {
  const from = Math.max(0, caret - MAX_MENTION_QUERY - 1);
  const start = text.lastIndexOf("@", caret - 1);
  if (start < from || start < 0) return null;
  if (start > 0 && !WORD_START.test(text.charAt(start - 1))) return null;
  const query = text.slice(start + 1, caret);
  if (query.length === 0 || query.length > MAX_MENTION_QUERY) return null;
  if (NOT_IN_QUERY.test(query) || /^\s/.test(query) || /\s\s/.test(query)) return null;
  if ((query.match(/\s/g) ?? []).length > MAX_QUERY_SPACES) return null;
  return { start, end: caret, query };
}

export type MentionInsertion = {
  /** The whole text as shown, with "@Name" in place of the "@query". */
  text: string;
  /** The picked member's range in `text` (shown-mentions.ts keeps their id there). */
  mention: ShownMention;
  /** Where the caret goes: after the token and the space that follows it. */
  caret: number;
};

/**
 * `text` with the "@query" replaced by "@Name" for member `id` (read as their token when
 * stored, shown-mentions.ts), followed by one space. The rest of a word the caret was in the middle of goes too ("@Jo|hn" picks John
 * whole); a space already after it is reused rather than doubled.
 */
export function insertMention(
  text: string,
  mention: MentionQuery,
  member: { id: string; displayName: string },
): MentionInsertion {
  const wordRest = WORD_REST.exec(text.slice(mention.end))?.[0] ?? "";
  const rest = text.slice(mention.end + wordRest.length);
  const after = /^[ \t]/.test(rest) ? rest : ` ${rest}`;
  const label = mentionLabel(member.displayName);
  const before = `${text.slice(0, mention.start)}@${label}`;
  return {
    text: before + after,
    caret: before.length + 1,
    mention: { start: mention.start, end: before.length, id: member.id, label },
  };
}

/**
 * The members worth suggesting for `query`, best first: the server's search also matches bios
 * and locations, so only names holding the query stay; names that start with it come first,
 * then names with a word that does, then the rest, each in the server's order.
 */
export function rankMentionCandidates<Member extends { displayName: string }>(
  members: readonly Member[],
  query: string,
  limit: number,
): Member[] {
  const needle = query.trim().toLocaleLowerCase();
  const scored = members.flatMap((member, order) => {
    const name = member.displayName.toLocaleLowerCase();
    const at = name.indexOf(needle);
    if (at < 0) return [];
    const rank = at === 0 ? 0 : /\s/.test(name.charAt(at - 1)) ? 1 : 2;
    return [{ member, rank, order }];
  });
  scored.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return scored.slice(0, limit).map(({ member }) => member);
}
