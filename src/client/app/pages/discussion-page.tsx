import { useParams } from "react-router";
import { PageContainer } from "@/client/components/page-container";
import { DiscussionDetail } from "@/client/features/discussions/components/discussion-detail";
import { RepliesThread } from "@/client/features/replies/components/replies-thread";

export function DiscussionPage() {
  const { id = "" } = useParams();
  return (
    <PageContainer className="max-w-3xl">
      {/* A new id starts from a clean state (loading, errors). */}
      <DiscussionDetail
        key={id}
        id={id}
        renderReplies={(discussion) => <RepliesThread discussion={discussion} />}
      />
    </PageContainer>
  );
}
