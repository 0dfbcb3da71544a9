// The parser of a reply's markup (docs/decisions/021): markdown-it with every rule off but
// paragraphs, lists, emphasis, underline (markdown-it-ins), line breaks and bare http(s) links,
// plus the mention token of shared/mentions.ts. HTML is off and never rendered: the tokens are
// walked into React elements by render-reply-content.tsx, so the rules here decide only what
// is recognised, never what may reach the page.
import MarkdownIt, { type MarkdownIt as Parser, type StateInline, type Token } from "markdown-it";
import ins from "markdown-it-ins";
import { mentionTokens } from "@/shared/mentions";

/** The longest mention token: "@[" + 100-character label + "](" + 100-character id + ")". */
const LONGEST_MENTION = 205;

/**
 * `@[label](member-id)` at the current position becomes one `mention` token, before emphasis
 * or links can look inside it (a display name may hold `*` or `_`).
 */
function mention(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  const ahead = state.src.slice(state.pos, Math.min(state.posMax, state.pos + LONGEST_MENTION));
  const [found] = mentionTokens(ahead);
  if (found?.index !== 0) return false;
  if (!silent) {
    const token = state.push("mention", "", 0);
    token.content = found.text;
    token.meta = { label: found.label, id: found.id };
  }
  state.pos += found.text.length;
  return true;
}

function createParser(): Parser {
  // "zero" starts with only paragraphs and text; the rest is switched on by name.
  const md = new MarkdownIt("zero", { html: false, linkify: true, breaks: true })
    .use(ins)
    .enable(["list", "emphasis", "newline", "linkify", "ins"]);
  md.inline.ruler.after("text", "mention", mention);
  // Only bare http:// and https:// addresses become links: not "example.com", "www.", email
  // addresses, ftp:, mailto: or protocol-relative "//host".
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  for (const schema of ["ftp:", "mailto:", "//"]) md.linkify.add(schema, null);
  return md;
}

let parser: Parser | undefined;

/** The block-level tokens of `content`; inline tokens hold their `children`. */
export function parseReplyMarkup(content: string): Token[] {
  parser ??= createParser();
  return parser.parse(content, {});
}

/** The mention token's fields (see `mention` above). */
export type MentionMeta = { label: string; id: string };
