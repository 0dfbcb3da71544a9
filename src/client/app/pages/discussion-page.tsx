import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function DiscussionPage() {
  usePageTitle("Discussion");
  return (
    <PageContainer>
      <PageHeading>Discussion</PageHeading>
    </PageContainer>
  );
}
