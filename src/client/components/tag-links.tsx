import { Link } from "@/client/components/link";
import { cn } from "@/client/lib/cn";
import { tagPath } from "@/shared/tag-paths";

/**
 * A discussion's tags (issue 41), each a link to the forum narrowed to it. Nothing when it has
 * none (or its words are masked: the server sends none then).
 */
export function TagLinks({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul
      aria-label="Tags"
      className={cn("relative z-10 flex flex-wrap gap-x-2 gap-y-0.5", className)}
    >
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={tagPath(tag)}
            className="rounded-sm text-muted-foreground text-xs underline-offset-2 hover:text-foreground hover:underline"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
