// A reply's text as React elements (docs/decisions/021): markdown-it's tokens are walked into
// p, br, strong, em, u, ol, ul, li and a, and nothing else. No HTML string is built or
// inserted, so whatever the stored text says, React escapes it as text; a token this walker
// does not know keeps only its text.
import type { Token } from "markdown-it";
import { createElement, Fragment, type ReactNode } from "react";
import { Link } from "@/client/components/link";
import { paths } from "@/client/lib/paths";
import type { ReplyMention } from "@/shared/api-types";
import { type MentionMeta, parseReplyMarkup } from "./reply-markup";

/** What a link found in a reply carries: it is the member's, not the site's (Google's "ugc"). */
export const REPLY_LINK_REL = "ugc nofollow noopener";

/** The address of a bare link, only when it is http(s); null for anything else. */
export function safeWebHref(href: string | null | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

type Frame = {
  /** null: the children go to the parent unwrapped (a tight list's hidden paragraph, a link refused). */
  tag: "p" | "ul" | "ol" | "li" | "strong" | "em" | "u" | "a" | null;
  props: Record<string, unknown>;
  children: ReactNode[];
};

const TAGS: Record<string, Frame["tag"]> = {
  paragraph_open: "p",
  bullet_list_open: "ul",
  ordered_list_open: "ol",
  list_item_open: "li",
  strong_open: "strong",
  em_open: "em",
  ins_open: "u",
};

/** An ordered list's first number when it is not 1 ("3. three" starts at 3). */
function listStart(token: Token): number | undefined {
  const value = token.attrGet("start");
  if (value === null) return undefined;
  const start = Number(value);
  return Number.isSafeInteger(start) && start !== 1 ? start : undefined;
}

function openFrame(token: Token): Frame {
  if (token.type === "link_open") {
    const href = safeWebHref(String(token.attrGet("href") ?? ""));
    return href
      ? { tag: "a", props: { href, rel: REPLY_LINK_REL }, children: [] }
      : { tag: null, props: {}, children: [] };
  }
  const tag = token.hidden ? null : (TAGS[token.type] ?? null);
  const props = tag === "ol" ? { start: listStart(token) } : {};
  return { tag, props, children: [] };
}

function mentionNode(meta: MentionMeta, mentioned: ReadonlySet<string>, key: number): ReactNode {
  const text = `@${meta.label}`;
  if (!mentioned.has(meta.id)) return text;
  return createElement(Link, { key, to: paths.profile(meta.id) }, text);
}

/** Walks `tokens` (one level of the stream; inline tokens descended into) onto `stack`. */
function walk(tokens: Token[], stack: Frame[], mentioned: ReadonlySet<string>): void {
  for (const token of tokens) {
    const top = stack.at(-1) as Frame;
    // Siblings are keyed by their place among the parent's children.
    const key = top.children.length;
    if (token.nesting === 1) {
      stack.push(openFrame(token));
    } else if (token.nesting === -1) {
      // The walker keeps the root frame whatever the stream says.
      if (stack.length === 1) continue;
      const done = stack.pop() as Frame;
      const parent = stack.at(-1) as Frame;
      const at = parent.children.length;
      parent.children.push(
        done.tag
          ? createElement(done.tag, { key: at, ...done.props }, ...done.children)
          : createElement(Fragment, { key: at }, ...done.children),
      );
    } else if (token.type === "inline") {
      walk(token.children ?? [], stack, mentioned);
    } else if (token.type === "softbreak" || token.type === "hardbreak") {
      top.children.push(createElement("br", { key }));
    } else if (token.type === "mention") {
      top.children.push(mentionNode(token.meta as MentionMeta, mentioned, key));
    } else if (token.content) {
      top.children.push(token.content);
    }
  }
}

/**
 * A reply's content as React elements. A mention links to the member's profile only when the
 * server says the member may be named (`mentions`); otherwise it reads as "@label".
 */
export function renderReplyContent(content: string, mentions: readonly ReplyMention[]): ReactNode {
  const root: Frame = { tag: null, props: {}, children: [] };
  const stack = [root];
  walk(parseReplyMarkup(content), stack, new Set(mentions.map((mention) => mention.id)));
  // An unbalanced stream (never expected) still shows everything read so far.
  while (stack.length > 1) {
    const done = stack.pop() as Frame;
    (stack.at(-1) as Frame).children.push(...done.children);
  }
  return createElement(Fragment, null, ...root.children);
}
