import { PageContainer } from "@/client/components/page-container";
import { DiscussionsForum } from "@/client/features/discussions/components/discussions-forum";
import { usePageTitle } from "@/client/hooks/use-page-title";

export function DiscussionsPage() {
  usePageTitle("Discussion forum");
  return (
    <PageContainer className="max-w-4xl">
      <DiscussionsForum />
    </PageContainer>
  );
}

// A category's page is the forum narrowed to it: it comes with the forum's chunk (one chunk
// fewer for every page's first download to name).
export { CategoryPage } from "./category-page";
