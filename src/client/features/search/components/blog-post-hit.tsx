import { RelativeTime } from "@/client/components/relative-time";
import type { SearchBlogPostHit } from "@/shared/search";
import { Highlighted } from "./highlighted";
import { HitCard, HitLink } from "./hit-card";

export function BlogPostHit({ hit }: { hit: SearchBlogPostHit }) {
  return (
    <HitCard className="flex flex-col gap-1">
      <HitLink to={hit.path}>
        <Highlighted text={hit.title} />
      </HitLink>
      <p className="text-muted-foreground text-sm leading-5 [overflow-wrap:anywhere]">
        <Highlighted text={hit.excerpt} />
      </p>
      <p className="text-muted-foreground text-xs">
        <RelativeTime value={hit.publishedAt} prefix="Published" className="relative z-10" />
      </p>
    </HitCard>
  );
}
