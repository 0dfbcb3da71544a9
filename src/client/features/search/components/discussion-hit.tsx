import { MessageSquare, Reply } from "lucide-react";
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { formatCount } from "@/client/lib/format-count";
import { categoryPath } from "@/shared/category-paths";
import type { SearchDiscussionHit } from "@/shared/search";
import { Highlighted } from "./highlighted";
import { HitCard, HitLink } from "./hit-card";

/**
 * A discussion found by its own words or by a reply's: the link then opens that reply
 * (hit.path is its permalink) and the card says whose reply it was.
 */
export function DiscussionHit({ hit }: { hit: SearchDiscussionHit }) {
  return (
    <HitCard className="flex flex-col gap-1">
      <HitLink to={hit.path}>
        <Highlighted text={hit.title} />
      </HitLink>
      {hit.reply ? (
        <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <Reply aria-hidden="true" className="size-3.5 shrink-0" />
          <span>
            In a reply by <span className="font-medium text-foreground">{hit.reply.author}</span>{" "}
            <RelativeTime value={hit.reply.createdAt} className="relative z-10" />
          </span>
        </p>
      ) : null}
      <p className="text-muted-foreground text-sm leading-5 [overflow-wrap:anywhere]">
        <Highlighted text={hit.excerpt} />
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
        <Link
          to={categoryPath(hit.category.slug)}
          className="relative z-10 rounded-sm font-medium text-foreground underline-offset-2 hover:underline"
        >
          {hit.category.name}
        </Link>
        <span>
          by <span className="font-medium text-foreground">{hit.author}</span>{" "}
          <RelativeTime value={hit.createdAt} className="relative z-10" />
        </span>
        <span className="inline-flex items-center gap-1">
          <MessageSquare aria-hidden="true" className="size-3.5 shrink-0" />
          {formatCount(hit.replies)} {hit.replies === 1 ? "reply" : "replies"}
        </span>
      </p>
    </HitCard>
  );
}
