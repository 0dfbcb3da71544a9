import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { BlogPostList } from "@/client/features/blog/components/blog-post-list";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** /blog: every published post, newest first, a page at a time. */
export function BlogPage() {
  usePageTitle("Blog");
  return (
    <PageContainer>
      <PageHeading>Blog</PageHeading>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        Rants, life observations, unpopular opinions and personal stories, newest first.
      </p>
      <div className="mt-10">
        <BlogPostList />
      </div>
    </PageContainer>
  );
}
