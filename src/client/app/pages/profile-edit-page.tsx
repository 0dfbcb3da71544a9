import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function ProfileEditPage() {
  usePageTitle("Edit Profile");
  return (
    <PageContainer>
      <PageHeading>Edit Profile</PageHeading>
    </PageContainer>
  );
}
