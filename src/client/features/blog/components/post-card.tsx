import { Link } from "@/client/components/link";
import { paths } from "@/client/lib/paths";
import type { BlogPostSummary } from "@/shared/api-types";
import { PostMeta } from "./post-meta";

const badgeClass = "inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs";

// In the three-column grid a featured post takes a 2 x 2 block, so six posts fill three rows.
const cardClass = {
  plain: "bg-card",
  featured:
    "bg-gradient-to-br from-accent via-card to-card lg:col-span-2 lg:row-span-2 lg:justify-end lg:p-10",
};

/**
 * A post in a list; the whole card links to the post. Its title is an h3 under a section's h2
 * (the home page) and an h2 under a page's h1 (/blog, /posts): headings go one level at a time.
 */
export function PostCard({
  post,
  headingLevel: Heading = "h3",
}: {
  post: BlogPostSummary;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <article
      className={`relative flex flex-col rounded-xl border p-6 shadow-sm shadow-ink/5 transition-shadow focus-within:shadow-md hover:shadow-md ${post.featured ? cardClass.featured : cardClass.plain}`}
    >
      {post.featured ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-4 left-8 hidden font-serif text-[12rem] text-primary/15 leading-none lg:block"
        >
          &ldquo;
        </span>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <span className={`${badgeClass} bg-accent text-accent-foreground`}>{post.category}</span>
        {post.featured ? (
          <span className={`${badgeClass} bg-primary text-primary-foreground`}>Featured</span>
        ) : null}
      </div>
      <Heading
        className={`mt-4 font-semibold leading-snug ${post.featured ? "text-2xl lg:text-4xl" : "text-xl"}`}
      >
        {/* The link's ::after covers the card, so the whole card is clickable. */}
        <Link
          to={paths.blogPost(post.slug)}
          className="rounded-sm after:absolute after:inset-0 after:rounded-xl hover:text-primary"
        >
          {post.title}
        </Link>
      </Heading>
      <p
        className={`mt-3 text-muted-foreground leading-relaxed ${post.featured ? "lg:flex-none lg:text-lg" : ""} flex-1`}
      >
        {post.excerpt}
      </p>
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
