import { Flag } from "lucide-react";
import { Suspense } from "react";
import { Link } from "@/client/components/link";
import { PageContainer } from "@/client/components/page-container";
import { DiscussionDetail } from "@/client/features/discussions/components/discussion-detail";
import { LiveReactions } from "@/client/features/reactions/components/live-reactions";
import { ReactionBar } from "@/client/features/reactions/components/reaction-bar";
import { RepliesThread } from "@/client/features/replies/components/replies-thread";
import { lazyComponent } from "@/client/lib/lazy-component";
import { useParams } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSuspension } from "@/client/lib/session/use-suspension";
import { can } from "@/shared/permissions";
import type { DiscussionStaffMenuProps, ReplyStaffMenuProps } from "./discussion-staff-menus";

// A member's controls (Report's form and dialog, Follow's menu) download for members, not with
// every visitor's read of the thread (bench:size).
const ReportButton = lazyComponent(
  () => import("@/client/features/moderation/components/report-button"),
  "ReportButton",
);
// Staff's Moderate menus (docs/product.md §11.8) download for moderators and admins only.
const staffMenus = () => import("./discussion-staff-menus");
const DiscussionStaffMenu = lazyComponent<"DiscussionStaffMenu", DiscussionStaffMenuProps>(
  staffMenus,
  "DiscussionStaffMenu",
);
const ReplyStaffMenu = lazyComponent<"ReplyStaffMenu", ReplyStaffMenuProps>(
  staffMenus,
  "ReplyStaffMenu",
);
const FollowControl = lazyComponent(
  () => import("@/client/features/notifications/components/follow-control"),
  "FollowControl",
);
// Bookmark (issue 42) and its dialog: for members, one request for the page's marks.
const BookmarkControl = lazyComponent(
  () => import("@/client/features/bookmarks/components/bookmark-control"),
  "BookmarkControl",
);

/**
 * Report for visitors (docs/decisions/079): a plain link to the report page, so that it works
 * before scripts start and without them.
 */
function VisitorReportLink({
  kind,
  id,
  label,
}: {
  kind: "discussion" | "reply";
  id: string;
  label: string;
}) {
  return (
    <Link
      to={paths.reportOf(kind, id)}
      aria-label={`Report ${label}`}
      className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-muted-foreground text-sm hover:bg-accent"
    >
      <Flag aria-hidden="true" className="size-4" />
      Report
    </Link>
  );
}

export function DiscussionPage() {
  const { id = "" } = useParams();
  const { user, role } = useAuth();
  const suspension = useSuspension();
  // The menu is only for those the server lets act (docs/product.md §6.3); members never see it.
  const staff = !suspension && can(role, "moderate");
  // A suspended member cannot report (docs/decisions/027): the server would refuse.
  const reporter = suspension ? null : user;
  // Reactions (decision 075): counts for everyone; buttons for members not suspended.
  const reader = user ? { id: user.id, mayReact: !suspension } : null;
  return (
    <PageContainer className="max-w-3xl">
      <LiveReactions discussionId={id} />
      {/* A new id starts from a clean state (loading, errors). */}
      <DiscussionDetail
        key={id}
        id={id}
        // Follow and Mute (docs/product.md §2.23) are a member's: visitors see Share only.
        actions={
          user ? (
            <Suspense fallback={null}>
              <FollowControl discussionId={id} />
              <BookmarkControl discussionId={id} label="this discussion" />
            </Suspense>
          ) : null
        }
        // Report (docs/decisions/027): for members, on what others wrote.
        renderReport={(discussion) =>
          reporter && reporter.id !== discussion.authorId ? (
            <Suspense fallback={null}>
              <ReportButton
                targetKind="discussion"
                targetId={discussion.id}
                label="this discussion"
              />
            </Suspense>
          ) : !user ? (
            <VisitorReportLink kind="discussion" id={discussion.id} label="this discussion" />
          ) : null
        }
        renderReactions={(discussion) =>
          discussion.hidden || discussion.awaitingReview ? null : (
            <ReactionBar
              discussionId={discussion.id}
              replyId={null}
              counts={discussion.reactions ?? {}}
              viewer={reader}
              authorId={discussion.authorId}
              postLabel="the discussion"
            />
          )
        }
        renderModeration={(discussion, controls) =>
          staff ? (
            <Suspense fallback={null}>
              <DiscussionStaffMenu discussion={discussion} viewerId={user?.id} {...controls} />
            </Suspense>
          ) : null
        }
        renderReplies={(discussion) => (
          <RepliesThread
            discussion={discussion}
            renderStaffMenu={
              staff
                ? (reply, controls) => (
                    <Suspense fallback={null}>
                      <ReplyStaffMenu reply={reply} {...controls} />
                    </Suspense>
                  )
                : undefined
            }
            renderReactions={(reply) =>
              reply.hidden || reply.deleted || reply.awaitingReview ? null : (
                <ReactionBar
                  discussionId={reply.discussionId}
                  replyId={reply.id}
                  counts={reply.reactions ?? {}}
                  viewer={reader}
                  authorId={reply.author?.id ?? null}
                  postLabel={`the reply by ${reply.author?.displayName ?? "a deleted member"}`}
                />
              )
            }
            renderReplyActions={(reply) => (
              <>
                {user ? (
                  <Suspense fallback={null}>
                    <BookmarkControl
                      discussionId={reply.discussionId}
                      replyId={reply.id}
                      label={`the reply by ${reply.author?.displayName ?? "a deleted member"}`}
                    />
                  </Suspense>
                ) : null}
                {reporter && reply.author && reporter.id !== reply.author.id ? (
                  <Suspense fallback={null}>
                    <ReportButton
                      targetKind="reply"
                      targetId={reply.id}
                      label={`reply by ${reply.author.displayName}`}
                    />
                  </Suspense>
                ) : !user && !reply.deleted ? (
                  <VisitorReportLink
                    kind="reply"
                    id={reply.id}
                    label={`reply by ${reply.author?.displayName ?? "a deleted member"}`}
                  />
                ) : null}
              </>
            )}
          />
        )}
      />
    </PageContainer>
  );
}
