import { LatestPostsSection } from "@/client/features/blog/components/latest-posts-section";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** docs/product.md §2: the latest posts only, between the layout's header and footer. */
export function PostsPage() {
  usePageTitle("Latest posts");
  return <LatestPostsSection headingLevel="h1" />;
}
