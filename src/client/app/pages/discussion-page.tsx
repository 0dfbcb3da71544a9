import { useParams } from "react-router";
import { PageContainer } from "@/client/components/page-container";
import { DiscussionDetail } from "@/client/features/discussions/components/discussion-detail";
import { ReportButton } from "@/client/features/moderation/components/report-button";
import { FollowControl } from "@/client/features/notifications/components/follow-control";
import { RepliesThread } from "@/client/features/replies/components/replies-thread";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSuspension } from "@/client/lib/session/use-suspension";

export function DiscussionPage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const suspension = useSuspension();
  // A suspended member cannot report (docs/decisions/027): the server would refuse.
  const reporter = suspension ? null : user;
  return (
    <PageContainer className="max-w-3xl">
      {/* A new id starts from a clean state (loading, errors). */}
      <DiscussionDetail
        key={id}
        id={id}
        // Follow and Mute (docs/product.md §2.23) are a member's: visitors see Share only.
        actions={user ? <FollowControl discussionId={id} /> : null}
        // Report (docs/decisions/027): for members, on what others wrote.
        renderReport={(discussion) =>
          reporter && reporter.id !== discussion.authorId ? (
            <ReportButton
              targetKind="discussion"
              targetId={discussion.id}
              label="this discussion"
            />
          ) : null
        }
        renderReplies={(discussion) => (
          <RepliesThread
            discussion={discussion}
            renderReplyActions={(reply) =>
              reporter && reply.author && reporter.id !== reply.author.id ? (
                <ReportButton
                  targetKind="reply"
                  targetId={reply.id}
                  label={`reply by ${reply.author.displayName}`}
                />
              ) : null
            }
          />
        )}
      />
    </PageContainer>
  );
}
