import { Button } from "@/client/components/ui/button";
import { useBlogPostPages } from "@/client/features/blog/api/get-blog-post-pages";
import { SKELETON_CARDS } from "@/shared/constants";
import { PostCard, PostCardSkeletons } from "./post-card";

/** Every published post, newest first, with "Load more" for the next page. */
export function BlogPostList() {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useBlogPostPages();
  const posts = data?.pages.flatMap((page) => page.posts) ?? [];

  if (isError && posts.length === 0) {
    return (
      <div role="alert" className="rounded-xl border bg-card p-8 text-center">
        <p className="text-muted-foreground">The posts could not be loaded.</p>
        <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (!isPending && posts.length === 0) {
    return <p className="text-muted-foreground">No posts yet. Check back soon.</p>;
  }

  return (
    <>
      <div
        aria-busy={isPending}
        className="grid gap-6 md:grid-cols-2 lg:grid-flow-row-dense lg:grid-cols-3"
      >
        {isPending ? <PostCardSkeletons count={SKELETON_CARDS} /> : null}
        {posts.map((post) => (
          <PostCard key={post.id} post={post} headingLevel="h2" />
        ))}
      </div>
      {hasNextPage ? (
        <div className="mt-10 text-center">
          <Button
            variant="outline"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? "Loading..." : "Load more posts"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
