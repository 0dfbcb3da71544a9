import { ArrowLeft, Lock } from "lucide-react";
import { type MouseEvent, type ReactNode, Suspense, useEffect, useState } from "react";
import { BlockedContent } from "@/client/components/blocked-content";
import { CategoryBadge } from "@/client/components/category-badge";
import { Link, routerFollows } from "@/client/components/link";
import { MarkupContent } from "@/client/components/markup/markup-content";
import { TagLinks } from "@/client/components/tag-links";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useDiscussion } from "@/client/features/discussions/api/get-discussion";
import { useUpdateDiscussion } from "@/client/features/discussions/api/update-discussion";
import { useLiveDiscussions } from "@/client/features/discussions/hooks/use-live-discussions";
import { discussionChangeRight } from "@/client/features/discussions/lib/discussion-rights";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { ApiError } from "@/client/lib/api-client";
import { lazyComponent } from "@/client/lib/lazy-component";
import { previousPlace, useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSuspension } from "@/client/lib/session/use-suspension";
import { toast } from "@/client/lib/toast";
import type { DiscussionItem } from "@/shared/api-types";
import { draftPlace } from "@/shared/drafts";
import { mentionsNamedIn } from "@/shared/mentions";
import {
  AWAITING_REVIEW,
  EDITED_BY_MODERATOR,
  HIDDEN_BY_MODERATOR,
} from "@/shared/moderation-texts";
import { DiscussionBadges } from "./discussion-badges";
import { DiscussionByline, ReplyCount } from "./discussion-meta";
import { DiscussionNotFound } from "./discussion-not-found";
import { ShareControl } from "./share-control";

// The author's Edit and Delete bring a form and a dialog (react-hook-form, zod, Radix): they
// download for the author who sees them, not with every reader's visit (bench:size).
const DiscussionForm = lazyComponent(() => import("./discussion-form"), "DiscussionForm");
const OwnDiscussionControls = lazyComponent(
  () => import("./own-discussion-controls"),
  "OwnDiscussionControls",
);

/**
 * `Back` (docs/product.md §2.7, decision 062): to the forum list as the reader left it (its
 * query in the address; its pages in the query cache; its scroll restored by the browser on a
 * history step), else to /discussion.
 */
function BackButton() {
  const backToList = (event: MouseEvent<HTMLAnchorElement>) => {
    const from = previousPlace();
    if (!routerFollows(event, undefined, paths.discussions) || from === null) return;
    if (new URL(from, window.location.origin).pathname !== paths.discussions) return;
    event.preventDefault();
    window.history.back();
  };
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={paths.discussions} onClick={backToList}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Link>
    </Button>
  );
}

function DetailSkeleton() {
  return (
    <Card aria-label="Loading discussion" className="flex flex-col gap-4 p-6">
      <Skeleton className="h-9 w-3/4" />
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </Card>
  );
}

type DiscussionDetailProps = {
  id: string;
  /**
   * What goes under the discussion once it has loaded (the replies thread, composed by the
   * page: features do not import each other).
   */
  renderReplies?: (discussion: DiscussionItem) => ReactNode;
  /**
   * Controls shown beside the Share button once the discussion has loaded (the page passes the
   * notifications feature's Follow and Mute for a signed-in member).
   */
  actions?: ReactNode;
  /** The page's Report button, under the content once loaded (the moderation feature's). */
  renderReport?: (discussion: DiscussionItem) => ReactNode;
  /** The reactions under the opening post (the reactions feature's bar, decision 075). */
  renderReactions?: (discussion: DiscussionItem) => ReactNode;
  /**
   * The page's `Moderate` menu beside Share, for moderators and admins (docs/product.md §11.8).
   * `edit` opens the editor in place with a reason, where the viewer may edit as a moderator.
   */
  renderModeration?: (discussion: DiscussionItem, controls: ModerationControls) => ReactNode;
};

/** What the page's Moderate menu may do to the discussion in place. */
export type ModerationControls = {
  /** Edit in place with a reason, where the viewer may edit (and delete) as a moderator. */
  edit?: () => void;
  /** Leave for the forum list once the menu deleted it (not "Discussion not found"). */
  onDeleted: () => void;
};

/** /discussion/{id}: docs/product.md §2.7 discussion detail. */
export function DiscussionDetail({
  id,
  renderReplies,
  actions,
  renderReport,
  renderReactions,
  renderModeration,
}: DiscussionDetailProps) {
  const navigate = useNavigate();
  // Deleted from this page's menu: it is not read again (a 404) while the page is left.
  const [deletedHere, setDeletedHere] = useState(false);
  const discussion = useDiscussion(id, !deletedHere);
  const data = discussion.data;
  const { user, role } = useAuth();
  const suspension = useSuspension();
  const [editing, setEditing] = useState(false);
  const update = useUpdateDiscussion();
  // A moderator's edit of someone else's discussion gives a reason (docs/decisions/048).
  const moderatorEdit =
    data !== undefined &&
    discussionChangeRight(user ? { id: user.id, role } : null, data) === "moderator";
  usePageTitle(data?.title ?? "Discussion");
  useLiveDiscussions();

  // docs/product.md §2 and §8: a missing discussion (also one removed while it is open) says so and goes
  // home; any other failure to load says that instead.
  useEffect(() => {
    if (!discussion.isError || deletedHere) return;
    if (discussion.error instanceof ApiError && discussion.error.status === 404) {
      toast.error("Discussion not found", {
        description: "This discussion may have been removed or doesn't exist.",
      });
    } else {
      toast.error("Failed to load discussion.");
    }
    navigate(paths.home, { replace: true });
  }, [discussion.isError, discussion.error, navigate, deletedHere]);

  return (
    <div className="flex flex-col gap-6">
      <BackButton />
      {discussion.isPending ? (
        <DetailSkeleton />
      ) : !data || discussion.isError ? (
        <DiscussionNotFound />
      ) : (
        <>
          {/* A blocked member's discussion is collapsed until asked for (docs/decisions/031). */}
          <BlockedContent
            blocked={data.authorBlocked}
            kind="discussion"
            collapsed={(notice) => (
              <article className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">{notice}</article>
            )}
          >
            <article className="flex flex-col gap-5 rounded-xl border bg-card p-6 shadow-sm sm:p-8">
              <header className="flex flex-col gap-3">
                <div className="flex flex-wrap items-center gap-1.5">
                  <CategoryBadge category={data.category} />
                  <DiscussionBadges isPinned={data.isPinned} isLocked={data.isLocked} />
                  <TagLinks tags={data.tags} className="ml-1" />
                </div>
                {data.awaitingReview ? (
                  <p className="w-fit rounded-md border border-dashed px-2 py-1 text-muted-foreground text-xs">
                    {AWAITING_REVIEW}
                  </p>
                ) : null}
                {data.hidden ? (
                  <p className="w-fit rounded-md border border-dashed px-2 py-1 text-muted-foreground text-xs">
                    {HIDDEN_BY_MODERATOR}
                    {data.content ? " (shown to you as its author or staff)" : ""}
                  </p>
                ) : null}
                <h1 className="font-bold text-3xl leading-tight tracking-tight sm:text-4xl">
                  {data.title}
                </h1>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <DiscussionByline discussion={data} />
                  {data.editedAt ? (
                    <span className="text-muted-foreground text-sm" title={data.editedAt}>
                      {/* The last editor decides (docs/decisions/048). */}
                      {data.editedByModerator ? EDITED_BY_MODERATOR : "edited"}
                    </span>
                  ) : null}
                  <div className="flex flex-wrap items-center gap-2">
                    {/* Following starts once it is public (docs/decisions/034); its author
                        follows it from then on. */}
                    {data.awaitingReview ? null : actions}
                    {data.awaitingReview ? null : <ShareControl discussion={data} />}
                    {renderModeration?.(data, {
                      edit: moderatorEdit ? () => setEditing(true) : undefined,
                      onDeleted: () => {
                        setDeletedHere(true);
                        navigate(paths.discussions, { replace: true });
                      },
                    })}
                  </div>
                </div>
              </header>
              {editing ? (
                <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                  <DiscussionForm
                    aria-label="Edit discussion"
                    draftPlace={draftPlace.editDiscussion(data.id)}
                    initial={{
                      category: data.category.slug,
                      tags: data.tags,
                      title: data.title,
                      content: data.content,
                    }}
                    countTitle
                    contentRows={8}
                    askReason={moderatorEdit}
                    submitLabel="Save changes"
                    pendingLabel="Saving..."
                    onCancel={() => setEditing(false)}
                    onSubmit={async (values) => {
                      await update.mutateAsync({ id: data.id, values });
                      toast.success("Discussion updated");
                      setEditing(false);
                    }}
                  />
                </Suspense>
              ) : (
                <MarkupContent
                  content={data.content}
                  format={data.contentFormat}
                  mentions={mentionsNamedIn(data.content)}
                  images="first"
                />
              )}
              {/* A held discussion waits as it was sent: the edit and delete routes and the
                  replies are for public ones (docs/decisions/034). */}
              {user &&
              !suspension &&
              user.id === data.authorId &&
              !editing &&
              !data.awaitingReview ? (
                <Suspense fallback={<div className="h-8" />}>
                  <OwnDiscussionControls discussion={data} onEdit={() => setEditing(true)} />
                </Suspense>
              ) : null}
              {editing ? null : renderReactions?.(data)}
              <footer className="flex flex-wrap items-center gap-4 border-t pt-4">
                <ReplyCount replies={data.replies} />
                {renderReport?.(data)}
                {data.isLocked ? (
                  <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
                    <Lock aria-hidden="true" className="size-4" />
                    This discussion is locked.
                  </span>
                ) : null}
              </footer>
            </article>
          </BlockedContent>
          {data.awaitingReview || deletedHere ? null : renderReplies?.(data)}
        </>
      )}
    </div>
  );
}
