import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function HeaderShowcasePage() {
  usePageTitle("Header showcase");
  return (
    <PageContainer>
      <PageHeading>Header Showcase</PageHeading>
    </PageContainer>
  );
}
