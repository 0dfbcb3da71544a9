import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function PostsPage() {
  usePageTitle("Latest posts");
  return (
    <PageContainer>
      <PageHeading>Latest Posts</PageHeading>
    </PageContainer>
  );
}
