import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function DiscussionsPage() {
  usePageTitle("Discussion forum");
  return (
    <PageContainer>
      <PageHeading>Discussion forum</PageHeading>
    </PageContainer>
  );
}
