import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { LoadMoreButton } from "@/client/components/load-more-button";
import { TabFallback } from "@/client/components/tab-fallback";
import { TabHeader } from "@/client/components/tab-header";
import { Button } from "@/client/components/ui/button";
import { useDeleteBlogPost } from "@/client/features/cms/api/delete-blog-post";
import { useCmsBlogPosts } from "@/client/features/cms/api/get-cms-blog-posts";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { BlogPostEditor, type EditorTarget } from "./blog-post-editor";
import { BlogPostRow } from "./blog-post-row";

/** The CMS Blog tab (authors and admins): every post, drafts too. */
export function BlogPostsTab() {
  const posts = useCmsBlogPosts();
  const remove = useDeleteBlogPost();
  const [editing, setEditing] = useState<EditorTarget>(null);
  const list = posts.data?.pages.flatMap((page) => page.posts) ?? [];

  useEffect(() => {
    if (posts.isError) toast.error("Error", { description: "Failed to load posts." });
  }, [posts.isError]);

  const onDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => toast.success("Post deleted"),
      onError: (error) =>
        toast.error("Failed to delete post.", { description: errorMessage(error) }),
    });

  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Blog posts"
        description="Drafts stay here; published posts appear on the home page and the blog."
        action={
          <Button onClick={() => setEditing({ id: null })}>
            <Plus aria-hidden="true" />
            New post
          </Button>
        }
      />
      {posts.isPending ? (
        <TabFallback />
      ) : list.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">
          {posts.isError ? "Failed to load posts." : "No posts yet. Write the first one."}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Blog posts">
          {list.map((post) => (
            <BlogPostRow
              key={post.id}
              post={post}
              onEdit={() => setEditing({ id: post.id })}
              onDelete={() => onDelete(post.id)}
              deleting={remove.isPending && remove.variables === post.id}
            />
          ))}
        </ul>
      )}
      <LoadMoreButton
        hasNextPage={posts.hasNextPage}
        isFetchingNextPage={posts.isFetchingNextPage}
        fetchNextPage={posts.fetchNextPage}
        label="Load more posts"
      />
      <BlogPostEditor target={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
