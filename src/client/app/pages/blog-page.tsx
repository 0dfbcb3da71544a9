import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function BlogPage() {
  usePageTitle("Blog");
  return (
    <PageContainer>
      <PageHeading>Latest Posts</PageHeading>
    </PageContainer>
  );
}
