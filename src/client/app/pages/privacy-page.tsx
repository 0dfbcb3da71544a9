import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function PrivacyPage() {
  usePageTitle("Privacy policy");
  return (
    <PageContainer>
      <PageHeading>Privacy Policy</PageHeading>
    </PageContainer>
  );
}
