// The parser of the markup members write in (docs/decisions/021, 064): markdown-it with every
// rule off but paragraphs, lists, emphasis, underline (markdown-it-ins), line breaks and bare
// http(s) links, plus the mention token of shared/mentions.ts. HTML is off and never rendered:
// the tokens are walked into React elements (client/components/markup/render-markup.tsx) or
// into plain text (plain-text.ts), so the rules here decide only what is recognised.
import MarkdownIt, {
  type MarkdownIt as Parser,
  type StateBlock,
  type StateInline,
  type Token,
} from "markdown-it";
import ins from "markdown-it-ins";
import { mentionTokens } from "@/shared/mentions";
import { imageTokenAt, type PostImageMeta } from "@/shared/post-images";
import { QUOTE_CLOSE, QUOTE_OPEN } from "./quotes";

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

/**
 * `![alt](image:{upload id}:{w}x{h})` at the current position becomes one `post_image` token
 * (docs/decisions/065). Markdown's own images stay off: any other address is the text typed.
 */
function postImage(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x21 /* ! */) return false;
  const found = imageTokenAt(state.src.slice(state.pos, state.posMax));
  if (!found) return false;
  if (!silent) {
    const token = state.push("post_image", "img", 0);
    token.content = found.alt;
    token.meta = {
      alt: found.alt,
      id: found.id,
      width: found.width,
      height: found.height,
    } satisfies PostImageMeta;
  }
  state.pos += found.length;
  return true;
}

/** Line `line` as written, when it starts at the line's first column (else null). */
function unindentedLine(state: StateBlock, line: number): string | null {
  if (state.tShift[line] !== 0) return null;
  return state.src.slice(state.bMarks[line], state.eMarks[line]);
}

/**
 * `[quote=reply-id]`, the quoted words, `[/quote]`, each marker on a line of its own at the
 * first column (quotes.ts reads the same lines): one `quote_open` (meta: the reply's id), the
 * words as blocks, `quote_close`. No closing line: not a quote, the text as typed.
 */
function quote(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const id = QUOTE_OPEN.exec(unindentedLine(state, startLine) ?? "")?.[1];
  if (!id) return false;
  let close = startLine + 1;
  while (close < endLine && !QUOTE_CLOSE.test(unindentedLine(state, close) ?? "")) close += 1;
  if (close >= endLine) return false;
  if (silent) return true;
  const token = state.push("quote_open", "blockquote", 1);
  token.meta = { id } satisfies QuoteMeta;
  token.map = [startLine, close + 1];
  const parentType = state.parentType;
  const lineMax = state.lineMax;
  state.parentType = "blockquote";
  state.lineMax = close;
  state.md.block.tokenize(state, startLine + 1, close);
  state.parentType = parentType;
  state.lineMax = lineMax;
  state.push("quote_close", "blockquote", -1);
  state.line = close + 1;
  return true;
}

function createParser(): Parser {
  // "zero" starts with only paragraphs and text; the rest is switched on by name.
  const md = new MarkdownIt("zero", { html: false, linkify: true, breaks: true })
    .use(ins)
    .enable(["list", "emphasis", "newline", "linkify", "ins"]);
  md.inline.ruler.after("text", "mention", mention);
  md.inline.ruler.after("mention", "post_image", postImage);
  md.block.ruler.before("paragraph", "quote", quote, { alt: ["paragraph", "list"] });
  // Only bare http:// and https:// addresses become links: not "example.com", "www.", email
  // addresses, ftp:, mailto: or protocol-relative "//host".
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  for (const schema of ["ftp:", "mailto:", "//"]) md.linkify.add(schema, null);
  return md;
}

let parser: Parser | undefined;

/** The block-level tokens of `content`; inline tokens hold their `children`. */
export function parseMarkup(content: string): Token[] {
  parser ??= createParser();
  return parser.parse(content, {});
}

/** The mention token's fields (see `mention` above). */
export type MentionMeta = { label: string; id: string };

/** A quote's opening token's fields (see `quote` above). */
export type QuoteMeta = { id: string };
