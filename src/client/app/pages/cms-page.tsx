import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function CmsPage() {
  usePageTitle("Content management");
  return (
    <PageContainer>
      <PageHeading>Content management</PageHeading>
    </PageContainer>
  );
}
