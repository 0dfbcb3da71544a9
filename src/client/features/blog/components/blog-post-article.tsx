import { ArrowLeft } from "lucide-react";
import { Link } from "@/client/components/link";
import { MarkupContent } from "@/client/components/markup/markup-content";
import { PageContainer } from "@/client/components/page-container";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useBlogPost } from "@/client/features/blog/api/get-blog-post";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { ApiError } from "@/client/lib/api-client";
import { Redirect } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { PostMeta } from "./post-meta";

/** Blog posts name no members: the CMS's composer offers no mentions. */
const NO_MENTIONS: [] = [];

/** One post to read: title, category, date, read time, then the text with its paragraphs. */
export function BlogPostArticle({ slug }: { slug: string }) {
  const { data: post, isPending, error, refetch } = useBlogPost(slug);
  usePageTitle(post?.title ?? (error ? "Post not found" : "Blog post"));
  // Opened by an old /blog/{id} link inside the app (the server answers such a page load
  // with 301): the post's own address replaces it (docs/decisions/024).
  if (post && post.slug !== slug) return <Redirect to={paths.blogPost(post.slug)} replace />;

  return (
    <PageContainer className="max-w-3xl">
      <Link to={paths.blog} className={`${buttonVariants({ variant: "ghost", size: "sm" })} -ml-3`}>
        <ArrowLeft aria-hidden="true" />
        All posts
      </Link>
      {isPending ? (
        <div aria-busy="true" className="mt-8 grid gap-4">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="mt-6 h-40 w-full" />
        </div>
      ) : post ? (
        <article className="mt-8">
          <p className="font-medium text-primary text-sm">{post.category}</p>
          <h1 className="mt-2 font-bold text-3xl tracking-tight sm:text-4xl">{post.title}</h1>
          <div className="mt-4">
            <PostMeta post={post} />
          </div>
          {post.authorName ? (
            <p className="mt-2 text-muted-foreground text-sm">By {post.authorName}</p>
          ) : null}
          <p className="mt-8 border-l-4 border-primary/40 pl-4 text-lg text-muted-foreground italic">
            {post.excerpt}
          </p>
          {/* The markup, or an older post's plain text as written (docs/decisions/064). */}
          <MarkupContent
            content={post.content}
            format={post.contentFormat}
            mentions={NO_MENTIONS}
            images="first"
            className="mt-8 text-lg"
          />
        </article>
      ) : error instanceof ApiError && error.status === 404 ? (
        <div className="mt-12 text-center">
          <h1 className="font-bold text-3xl">Post not found</h1>
          <p className="mt-3 text-muted-foreground">
            This post may have been removed or doesn't exist.
          </p>
          <Link to={paths.blog} className={`${buttonVariants()} mt-8`}>
            Browse all posts
          </Link>
        </div>
      ) : (
        <div role="alert" className="mt-12 text-center">
          <p className="text-muted-foreground">The post could not be loaded.</p>
          <button
            type="button"
            className={`${buttonVariants({ variant: "outline" })} mt-4`}
            onClick={() => void refetch()}
          >
            Try again
          </button>
        </div>
      )}
    </PageContainer>
  );
}
