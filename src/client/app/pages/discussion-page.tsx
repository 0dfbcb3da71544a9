import { useParams } from "react-router";
import { PageContainer } from "@/client/components/page-container";
import { DiscussionDetail } from "@/client/features/discussions/components/discussion-detail";
import { FollowControl } from "@/client/features/notifications/components/follow-control";
import { RepliesThread } from "@/client/features/replies/components/replies-thread";
import { useAuth } from "@/client/lib/session/use-auth";

export function DiscussionPage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  return (
    <PageContainer className="max-w-3xl">
      {/* A new id starts from a clean state (loading, errors). */}
      <DiscussionDetail
        key={id}
        id={id}
        // Follow and Mute (docs/product.md §2.23) are a member's: visitors see Share only.
        actions={user ? <FollowControl discussionId={id} /> : null}
        renderReplies={(discussion) => <RepliesThread discussion={discussion} />}
      />
    </PageContainer>
  );
}
