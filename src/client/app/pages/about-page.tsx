import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function AboutPage() {
  usePageTitle("About");
  return (
    <PageContainer>
      <PageHeading>About</PageHeading>
    </PageContainer>
  );
}
