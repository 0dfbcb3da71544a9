import { Clock } from "lucide-react";
import { formatPostDate } from "@/client/features/blog/lib/format-post-date";
import type { BlogPostSummary } from "@/shared/api-types";

/** Date and read time of a post; blog posts have no comments, so no count (docs/decisions/030). */
export function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
      <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-4" />
        {post.readTimeMinutes} min read
      </span>
    </p>
  );
}
