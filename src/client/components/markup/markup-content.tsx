import { useMemo } from "react";
import {
  type ImageLoading,
  type Quoting,
  renderMarkup,
} from "@/client/components/markup/render-markup";
import { cn } from "@/client/lib/cn";
import type { ReplyMention } from "@/shared/api-types";
import type { ContentFormat } from "@/shared/markup/plain-text";

type MarkupContentProps = {
  content: string;
  /** `plain`: a text from before the composer, shown as written (docs/decisions/064). */
  format?: ContentFormat;
  mentions: readonly ReplyMention[];
  /** How quotes of replies show (a reply's, or the composer's preview). */
  quoting?: Quoting;
  /** `first` for a text at the top of its page: its images load at once (render-markup.tsx). */
  images?: ImageLoading;
  className?: string;
};

/**
 * A reply's, a discussion's or a blog post's text with its formatting (docs/decisions/021,
 * 064). Long words and addresses wrap anywhere rather than widen the page on a phone.
 */
export function MarkupContent({
  content,
  format = "markup",
  mentions,
  quoting,
  images = "lazy",
  className,
}: MarkupContentProps) {
  const rendered = useMemo(
    () => (format === "plain" ? content : renderMarkup(content, mentions, quoting, images)),
    [content, format, mentions, quoting, images],
  );
  return (
    <div
      // Marks a member's own text, apart from the page around it (the browser tests check it).
      data-markup-content=""
      className={cn(
        "flex flex-col gap-3 leading-relaxed [overflow-wrap:anywhere]",
        format === "plain" && "block whitespace-pre-line",
        "[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:my-0.5",
        "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2",
        "[&_blockquote]:flex [&_blockquote]:flex-col [&_blockquote]:gap-2 [&_blockquote]:rounded-r-md [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:bg-muted/50 [&_blockquote]:px-3 [&_blockquote]:py-2 [&_blockquote]:text-[0.95em]",
        className ?? "text-base",
      )}
    >
      {rendered}
    </div>
  );
}
