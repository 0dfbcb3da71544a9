import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function ProfilePage() {
  usePageTitle("Profile");
  return (
    <PageContainer>
      <PageHeading>Profile</PageHeading>
    </PageContainer>
  );
}
