import { Link } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useLatestPosts } from "@/client/features/blog/api/get-blog-posts";
import { paths } from "@/client/lib/paths";
import { SKELETON_CARDS } from "@/shared/home-page-constants";
import { PostCard, PostCardSkeletons } from "./post-card";

type LatestPostsSectionProps = {
  /** h1 on the posts page, h2 on the home page. */
  headingLevel?: "h1" | "h2";
};

/** The newest published posts (docs/product.md §2 Home "latest posts"), featured ones wide. */
export function LatestPostsSection({ headingLevel: Heading = "h2" }: LatestPostsSectionProps) {
  const { data, isPending, isError, refetch } = useLatestPosts();

  return (
    <section id="posts" aria-labelledby="posts-heading" className="scroll-mt-16 bg-secondary/60">
      <div className="mx-auto max-w-6xl px-4 py-20">
        <div className="flex flex-col items-center gap-3 text-center">
          <Heading id="posts-heading" className="font-bold text-3xl tracking-tight">
            Latest posts
          </Heading>
          <p className="max-w-2xl text-muted-foreground">
            Fresh rants, observations and opinions, newest first.
          </p>
        </div>
        <div
          aria-busy={isPending}
          className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-flow-row-dense lg:grid-cols-3"
        >
          {isPending ? <PostCardSkeletons count={SKELETON_CARDS} /> : null}
          {data?.posts.map((post) => (
            <PostCard key={post.id} post={post} headingLevel={Heading === "h1" ? "h2" : "h3"} />
          ))}
        </div>
        {isError ? (
          <div role="alert" className="mt-6 text-center text-muted-foreground">
            <p>The latest posts could not be loaded.</p>
            <button
              type="button"
              onClick={() => void refetch()}
              className={`${buttonVariants({ variant: "outline" })} mt-4`}
            >
              Try again
            </button>
          </div>
        ) : null}
        {data && data.posts.length === 0 ? (
          <p className="mt-6 text-center text-muted-foreground">No posts yet. Check back soon.</p>
        ) : null}
        {data && data.posts.length > 0 ? (
          <div className="mt-12 text-center">
            <Link to={paths.blog} className={buttonVariants({ variant: "outline" })}>
              View all posts
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}
