import { useMemo } from "react";
import { renderReplyContent } from "@/client/features/replies/lib/render-reply-content";
import { cn } from "@/client/lib/cn";
import type { ReplyMention } from "@/shared/api-types";

type ReplyContentProps = {
  content: string;
  mentions: readonly ReplyMention[];
  className?: string;
};

/**
 * A reply's text with its formatting (docs/decisions/021). Long words and addresses wrap
 * anywhere rather than widen the page on a phone.
 */
export function ReplyContent({ content, mentions, className }: ReplyContentProps) {
  const rendered = useMemo(() => renderReplyContent(content, mentions), [content, mentions]);
  return (
    <div
      // Marks a reply's own text, apart from the page around it (the browser tests check it).
      data-reply-content=""
      className={cn(
        "flex flex-col gap-3 text-base leading-relaxed [overflow-wrap:anywhere]",
        "[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:my-0.5",
        "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2",
        className,
      )}
    >
      {rendered}
    </div>
  );
}
