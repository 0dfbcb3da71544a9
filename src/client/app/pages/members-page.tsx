import { PageContainer } from "@/client/components/page-container";
import { MembersDirectory } from "@/client/features/members/components/members-directory";
import { usePageTitle } from "@/client/hooks/use-page-title";

export function MembersPage() {
  usePageTitle("Community Members");
  return (
    <PageContainer>
      <MembersDirectory />
    </PageContainer>
  );
}
