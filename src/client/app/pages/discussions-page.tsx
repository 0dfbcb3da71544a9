import { PageContainer } from "@/client/components/page-container";
import { DiscussionsForum } from "@/client/features/discussions/components/discussions-forum";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";

export function DiscussionsPage() {
  const [params] = useSearchParams();
  const tag = params.get("tag")?.trim();
  usePageTitle(tag ? `Discussions tagged #${tag}` : "Discussion forum");
  return (
    <PageContainer className="max-w-4xl">
      <DiscussionsForum />
    </PageContainer>
  );
}

// A category's page is the forum narrowed to it: it comes with the forum's chunk (one chunk
// fewer for every page's first download to name).
export { CategoryPage } from "./category-page";
