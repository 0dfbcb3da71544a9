import { useParams } from "react-router";
import { PageContainer } from "../../components/page-container";
import { DiscussionDetail } from "../../features/discussions/components/discussion-detail";

export function DiscussionPage() {
  const { id = "" } = useParams();
  return (
    <PageContainer className="max-w-3xl">
      {/* A new id starts from a clean state (loading, errors). */}
      <DiscussionDetail key={id} id={id} />
    </PageContainer>
  );
}
