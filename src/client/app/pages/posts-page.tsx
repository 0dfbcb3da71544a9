import { LatestPostsSection } from "../../features/blog/components/latest-posts-section";
import { usePageTitle } from "../../hooks/use-page-title";

/** SPEC §2: the latest posts only, between the layout's header and footer. */
export function PostsPage() {
  usePageTitle("Latest posts");
  return <LatestPostsSection headingLevel="h1" />;
}
