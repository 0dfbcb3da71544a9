// What members write as React elements (docs/decisions/021, 064): markdown-it's tokens are walked into
// p, br, strong, em, u, ol, ul, li, a, a quote's blockquote and an uploaded image's img, and nothing else. No HTML string is built or
// inserted, so whatever the stored text says, React escapes it as text; a token this walker
// does not know keeps only its text.
import type { Token } from "markdown-it";
import { createElement, Fragment, type ReactNode } from "react";
import { Link } from "@/client/components/link";
import { paths } from "@/client/lib/paths";
import type { QuotedReply, ReplyMention } from "@/shared/api-types";
import { type MentionMeta, parseMarkup, type QuoteMeta } from "@/shared/markup/parse-markup";
import {
  POST_IMAGE_SIZES,
  type PostImageMeta,
  postImageSrcSet,
  postImageUrl,
} from "@/shared/post-images";

/** What a link found in a member's text carries: it is the member's, not the site's (Google's "ugc"). */
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

/** What a quote of a reply the reader may not read shows (docs/product.md §2.7). */
export const QUOTED_POST_HIDDEN = "Quoted post hidden";

/**
 * How quotes render: with the replies the server named (a reply's quotes, in `discussionId`),
 * or `preview`, the composer's, which shows the quoted words without knowing whose they are.
 * Without it (a discussion, a blog post) a quote shows as the text that was typed.
 */
export type Quoting = { quotes: readonly QuotedReply[]; discussionId: string } | "preview";

type Frame = {
  /** null: the children go to the parent unwrapped (a tight list's hidden paragraph, a link refused). */
  tag: "p" | "ul" | "ol" | "li" | "strong" | "em" | "u" | "a" | "blockquote" | null;
  props: Record<string, unknown>;
  children: ReactNode[];
  /** Added after the children when the frame closes (an unknown quote's `[/quote]`). */
  after?: ReactNode;
  /** A quote the reader may not read: its words (already taken out by the server) never show. */
  drop?: boolean;
  /** Inside a dropped quote: how many of its blocks are open. */
  dropDepth?: number;
};

/**
 * How a text's uploaded images load: `lazy` as they near the screen, or `first` for a text at
 * the top of its page (an opening post, the first reply shown, a blog post), whose images may
 * be the page's largest paint: they load at once, found by the browser's preload scanner in
 * the HTML, and the first of them ahead of the page's other images (bench/RESULTS.md §30).
 */
export type ImageLoading = "lazy" | "first";

type Context = {
  mentioned: ReadonlySet<string>;
  quoting: Quoting | undefined;
  images: ImageLoading;
  /** Images walked so far in this text. */
  imageCount: number;
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

/** `[quote=id]`: a blockquote headed "{name} said:", the placeholder, or the text typed. */
function quoteFrame(meta: QuoteMeta, quoting: Quoting | undefined): Frame {
  if (quoting === "preview") return { tag: "blockquote", props: {}, children: [] };
  const quote = quoting?.quotes.find((item) => item.id === meta.id);
  if (!quoting || !quote) {
    return {
      tag: null,
      props: {},
      children: [createElement("p", { key: "open" }, `[quote=${meta.id}]`)],
      after: createElement("p", { key: "close" }, "[/quote]"),
    };
  }
  if (quote.hidden) {
    return {
      tag: "blockquote",
      props: {},
      children: [createElement("p", { key: "hidden" }, QUOTED_POST_HIDDEN)],
      drop: true,
    };
  }
  const link = createElement(
    Link,
    { to: paths.discussionReply(quoting.discussionId, quote.id) },
    `${quote.authorName} said:`,
  );
  return {
    tag: "blockquote",
    props: {},
    children: [createElement("p", { key: "said" }, link)],
  };
}

function openFrame(token: Token, context: Context): Frame {
  if (token.type === "link_open") {
    const href = safeWebHref(String(token.attrGet("href") ?? ""));
    return href
      ? { tag: "a", props: { href, rel: REPLY_LINK_REL }, children: [] }
      : { tag: null, props: {}, children: [] };
  }
  if (token.type === "quote_open") return quoteFrame(token.meta as QuoteMeta, context.quoting);
  const tag = token.hidden ? null : (TAGS[token.type] ?? null);
  const props = tag === "ol" ? { start: listStart(token) } : {};
  return { tag, props, children: [] };
}

function mentionNode(meta: MentionMeta, mentioned: ReadonlySet<string>, key: number): ReactNode {
  const text = `@${meta.label}`;
  if (!mentioned.has(meta.id)) return text;
  return createElement(Link, { key, to: paths.profile(meta.id) }, text);
}

/**
 * An uploaded image (docs/decisions/065): its size reserves its place before it loads (no
 * layout shift), it loads as it nears the screen (at once in a text at the top of its page),
 * in the width the screen needs (srcset), and its alt text is the author's.
 */
function imageNode(meta: PostImageMeta, key: number, context: Context): ReactNode {
  const first = context.images === "first";
  const priority = first && context.imageCount === 0 ? "high" : undefined;
  context.imageCount += 1;
  return createElement("img", {
    key,
    // The choice of copy (srcset, sizes) and lazy loading come before src, which starts a load.
    loading: first ? "eager" : "lazy",
    fetchPriority: priority,
    decoding: "async",
    srcSet: postImageSrcSet(meta),
    sizes: POST_IMAGE_SIZES,
    src: postImageUrl(meta.id),
    alt: meta.alt,
    width: meta.width,
    height: meta.height,
    className: "my-2 block h-auto max-w-full rounded-md",
  });
}

/** The frame's element (or its children unwrapped) with `key`. */
function closeFrame(done: Frame, key: number): ReactNode {
  const children = done.after ? [...done.children, done.after] : done.children;
  return done.tag
    ? createElement(done.tag, { key, ...done.props }, ...children)
    : createElement(Fragment, { key }, ...children);
}

/** Walks `tokens` (one level of the stream; inline tokens descended into) onto `stack`. */
function walk(tokens: Token[], stack: Frame[], context: Context): void {
  for (const token of tokens) {
    const top = stack.at(-1) as Frame;
    // Siblings are keyed by their place among the parent's children.
    const key = top.children.length;
    if (top.drop) {
      // Nothing of a quote the reader may not read: only its own close ends it.
      const depth = (top.dropDepth ?? 0) + token.nesting;
      if (depth >= 0) {
        top.dropDepth = depth;
        continue;
      }
    }
    if (token.nesting === 1) {
      stack.push(openFrame(token, context));
    } else if (token.nesting === -1) {
      // The walker keeps the root frame whatever the stream says.
      if (stack.length === 1) continue;
      const done = stack.pop() as Frame;
      const parent = stack.at(-1) as Frame;
      parent.children.push(closeFrame(done, parent.children.length));
    } else if (token.type === "inline") {
      walk(token.children ?? [], stack, context);
    } else if (token.type === "softbreak" || token.type === "hardbreak") {
      top.children.push(createElement("br", { key }));
    } else if (token.type === "mention") {
      top.children.push(mentionNode(token.meta as MentionMeta, context.mentioned, key));
    } else if (token.type === "post_image") {
      top.children.push(imageNode(token.meta as PostImageMeta, key, context));
    } else if (token.content) {
      top.children.push(token.content);
    }
  }
}

/**
 * Markup as React elements. A mention links to the member's profile only when the server says
 * the member may be named (`mentions`); otherwise it reads as "@label". Quotes as `quoting`
 * says; images load as `images` says.
 */
export function renderMarkup(
  content: string,
  mentions: readonly ReplyMention[],
  quoting?: Quoting,
  images: ImageLoading = "lazy",
): ReactNode {
  const root: Frame = { tag: null, props: {}, children: [] };
  const stack = [root];
  const mentioned = new Set(mentions.map((mention) => mention.id));
  walk(parseMarkup(content), stack, { mentioned, quoting, images, imageCount: 0 });
  // An unbalanced stream (never expected) still shows everything read so far.
  while (stack.length > 1) {
    const done = stack.pop() as Frame;
    (stack.at(-1) as Frame).children.push(...done.children);
  }
  return createElement(Fragment, null, ...root.children);
}
