import { PageContainer } from "../../components/page-container";
import { DiscussionsForum } from "../../features/discussions/components/discussions-forum";
import { usePageTitle } from "../../hooks/use-page-title";

export function DiscussionsPage() {
  usePageTitle("Discussion forum");
  return (
    <PageContainer className="max-w-4xl">
      <DiscussionsForum />
    </PageContainer>
  );
}
