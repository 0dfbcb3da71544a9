import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function MembersPage() {
  usePageTitle("Community Members");
  return (
    <PageContainer>
      <PageHeading>Community Members</PageHeading>
    </PageContainer>
  );
}
