import { ExternalLink, Mail, Pencil, Star } from "lucide-react";
import { ConfirmDelete } from "@/client/components/confirm-delete";
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { paths } from "@/client/lib/paths";
import type { CmsBlogPostSummary } from "@/shared/api-types";

type BlogPostRowProps = {
  post: CmsBlogPostSummary;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
};

export function BlogPostRow({ post, onEdit, onDelete, deleting }: BlogPostRowProps) {
  const published = post.status === "published";
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={published ? "default" : "secondary"}>
              {published ? "Published" : "Draft"}
            </Badge>
            {post.featured ? (
              <Badge variant="outline">
                <Star aria-hidden="true" />
                Featured
              </Badge>
            ) : null}
            <span className="text-muted-foreground text-xs">{post.category}</span>
          </div>
          <h3 className="wrap-anywhere font-semibold text-lg leading-snug">{post.title}</h3>
          <p className="line-clamp-2 text-muted-foreground text-sm">{post.excerpt}</p>
          {post.newsletter ? (
            <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
              <Mail aria-hidden="true" className="size-3.5" />
              <span>
                Emailed to subscribers
                {post.newsletter.content === "full" ? " (full post)" : " (excerpt)"}:
              </span>
              {post.newsletter.preparing ? (
                <span>preparing...</span>
              ) : (
                <span data-testid="delivery-counts">
                  {post.newsletter.queued} queued · {post.newsletter.sent} sent ·{" "}
                  {post.newsletter.failed} failed
                </span>
              )}
            </p>
          ) : null}
          <p className="text-muted-foreground text-xs">
            {post.readTimeMinutes} min read ·{" "}
            {post.publishedAt ? (
              <RelativeTime value={post.publishedAt} prefix="Published" />
            ) : (
              <RelativeTime value={post.createdAt} prefix="Created" />
            )}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {published ? (
            <Button variant="ghost" size="icon" asChild>
              <Link to={paths.blogPost(post.slug)} aria-label={`View ${post.title}`} title="View">
                <ExternalLink aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${post.title}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <ConfirmDelete
            question="Are you sure you want to delete this post?"
            label={post.title}
            onConfirm={onDelete}
            disabled={deleting}
          />
        </div>
      </Card>
    </li>
  );
}
