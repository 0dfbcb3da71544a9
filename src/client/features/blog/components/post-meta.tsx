import { Clock, MessageCircle } from "lucide-react";
import { formatPostDate } from "@/client/features/blog/lib/format-post-date";
import type { BlogPostSummary } from "@/shared/api-types";

/** Date, read time and comment count of a post. */
export function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
      <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-4" />
        {post.readTimeMinutes} min read
      </span>
      <span className="inline-flex items-center gap-1">
        <MessageCircle aria-hidden="true" className="size-4" />
        {post.commentsCount} {post.commentsCount === 1 ? "comment" : "comments"}
      </span>
    </p>
  );
}
