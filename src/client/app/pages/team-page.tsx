import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function TeamPage() {
  usePageTitle("Team");
  return (
    <PageContainer>
      <PageHeading>Our Team</PageHeading>
    </PageContainer>
  );
}
