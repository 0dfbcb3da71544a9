import { useParams } from "react-router";
import { PageContainer } from "@/client/components/page-container";
import { ProfileView } from "@/client/features/profiles/components/profile-view";

export function ProfilePage() {
  const { id = "" } = useParams();
  return (
    <PageContainer className="max-w-4xl">
      <ProfileView key={id} id={id} />
    </PageContainer>
  );
}
