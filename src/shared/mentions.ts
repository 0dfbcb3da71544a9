// How a reply's content names a member (docs/decisions/020): the composer inserts the token
// `@[Display Name](member-id)`; the server keeps the tokens of members who may be mentioned
// (verified, public), rewrites their label to the member's display name, stores their ids, and
// turns every other token into plain `@label`. A reader shows a token as a link to the profile
// when its id is among the reply's `mentions`, else as its label.

/** A label of 1 to 100 characters without brackets or line breaks, then a member id. */
const TOKEN = /@\[([^[\]\r\n]{1,100})\]\(([A-Za-z0-9_-]{1,100})\)/g;

export type MentionToken = {
  /** The token as it appears in the content. */
  text: string;
  label: string;
  /** The member's id (better-auth's id shape). */
  id: string;
  /** Where the token starts in the content. */
  index: number;
};

/** Every mention token in `content`, in order. */
export function mentionTokens(content: string): MentionToken[] {
  return [...content.matchAll(TOKEN)].map((match) => ({
    text: match[0],
    label: match[1] ?? "",
    id: match[2] ?? "",
    index: match.index,
  }));
}

/**
 * What a mention of `name` reads: brackets and `<`, `>` leave it (a name may hold them),
 * whitespace runs become one space, and it is cut to 100 characters.
 */
export function mentionLabel(name: string): string {
  const label = name
    .replace(/[[\]<>]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100)
    .trim();
  return label || "member";
}

/** The token for member `id` shown as `name`. */
export function mentionToken(name: string, id: string): string {
  return `@[${mentionLabel(name)}](${id})`;
}

/**
 * The members `content`'s tokens name, as a discussion's text links them: the server kept only
 * tokens of members who may be mentioned when it was saved (docs/decisions/064).
 */
export function mentionsNamedIn(content: string): Array<{ id: string; displayName: string }> {
  return mentionTokens(content).map((token) => ({ id: token.id, displayName: token.label }));
}
