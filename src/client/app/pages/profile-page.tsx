import { useParams } from "react-router";
import { PageContainer } from "../../components/page-container";
import { ProfileView } from "../../features/profiles/components/profile-view";

export function ProfilePage() {
  const { id = "" } = useParams();
  return (
    <PageContainer className="max-w-4xl">
      <ProfileView key={id} id={id} />
    </PageContainer>
  );
}
