import { PageContainer } from "../../components/page-container";
import { MembersDirectory } from "../../features/members/components/members-directory";
import { usePageTitle } from "../../hooks/use-page-title";

export function MembersPage() {
  usePageTitle("Community Members");
  return (
    <PageContainer>
      <MembersDirectory />
    </PageContainer>
  );
}
