import { Link } from "react-router";
import type { BlogPostSummary } from "../../../../shared/api-types";
import { paths } from "../../../lib/paths";
import { PostMeta } from "./post-meta";

const badgeClass = "inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs";

/** A post in a list; a featured post spans two columns and says so. */
export function PostCard({ post }: { post: BlogPostSummary }) {
  return (
    <article
      className={`relative flex flex-col rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 transition-shadow focus-within:shadow-md hover:shadow-md ${post.featured ? "md:col-span-2" : ""}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={`${badgeClass} bg-accent text-accent-foreground`}>{post.category}</span>
        {post.featured ? (
          <span className={`${badgeClass} bg-primary text-primary-foreground`}>Featured</span>
        ) : null}
      </div>
      <h3
        className={`mt-4 font-semibold leading-snug ${post.featured ? "text-2xl sm:text-3xl" : "text-xl"}`}
      >
        {/* The link covers the card (after:absolute) so the whole card is clickable. */}
        <Link
          to={paths.blogPost(post.id)}
          className="rounded-sm after:absolute after:inset-0 after:rounded-xl hover:text-primary"
        >
          {post.title}
        </Link>
      </h3>
      <p className="mt-3 flex-1 text-muted-foreground leading-relaxed">{post.excerpt}</p>
      <div className="mt-5">
        <PostMeta post={post} />
      </div>
    </article>
  );
}

/** Placeholder cards while posts load. */
export function PostCardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <div
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
      key={index}
      aria-hidden="true"
      className="h-56 animate-pulse rounded-xl border bg-muted motion-reduce:animate-none"
    />
  ));
}
