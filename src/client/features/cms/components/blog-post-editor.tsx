import { EditorDialog } from "@/client/components/editor-dialog";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useCreateBlogPost } from "@/client/features/cms/api/create-blog-post";
import { useEmailBlogPost } from "@/client/features/cms/api/email-blog-post";
import { useCmsBlogPost } from "@/client/features/cms/api/get-cms-blog-post";
import { useUpdateBlogPost } from "@/client/features/cms/api/update-blog-post";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { NewsletterContent } from "@/shared/api-types";
import type { BlogPostValues } from "@/shared/schemas";
import { BlogPostForm } from "./blog-post-form";

/** Which post the editor shows: a new one, an existing one by id, or none (closed). */
export type EditorTarget = { id: string | null } | null;

type BlogPostEditorProps = { target: EditorTarget; onClose: () => void };

export function BlogPostEditor({ target, onClose }: BlogPostEditorProps) {
  const id = target?.id ?? null;
  const post = useCmsBlogPost(id);
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const emailPost = useEmailBlogPost();

  const onSubmit = async (values: BlogPostValues) => {
    try {
      await (id ? update.mutateAsync({ id, values }) : create.mutateAsync(values));
    } catch (error) {
      // Field messages go under the fields; anything else is said in a toast.
      if (!(error instanceof ApiError && error.fields)) {
        toast.error(id ? "Failed to update post." : "Failed to create post.", {
          description: errorMessage(error),
        });
      }
      throw error;
    }
    toast.success(id ? "Post updated" : "Post created", {
      description: id ? undefined : "Saved as a draft.",
    });
    onClose();
  };

  const onPublishAndEmail = async (values: BlogPostValues, content: NewsletterContent) => {
    if (!id) return;
    try {
      await update.mutateAsync({ id, values });
    } catch (error) {
      if (!(error instanceof ApiError && error.fields)) {
        toast.error("Failed to update post.", { description: errorMessage(error) });
      }
      throw error;
    }
    try {
      await emailPost.mutateAsync({ id, content });
    } catch (error) {
      toast.error("Post published, but not emailed", { description: errorMessage(error) });
      onClose();
      return;
    }
    toast.success("Post published", { description: "It is on its way to subscribers." });
    onClose();
  };

  return (
    <EditorDialog
      open={target !== null}
      onClose={onClose}
      title={id ? "Edit post" : "New post"}
      description={
        id
          ? "Published posts appear on the home page and the blog."
          : "Title, excerpt and content are required."
      }
    >
      {id === null ? (
        <BlogPostForm onSubmit={onSubmit} onCancel={onClose} />
      ) : post.data ? (
        <BlogPostForm
          key={post.data.id}
          post={post.data}
          onSubmit={onSubmit}
          onPublishAndEmail={onPublishAndEmail}
          onCancel={onClose}
        />
      ) : post.isError ? (
        <p className="text-muted-foreground">{errorMessage(post.error)}</p>
      ) : (
        <div className="grid gap-3" role="status" aria-label="Loading the post">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      )}
    </EditorDialog>
  );
}
