import { ArrowLeft, Lock, MessageSquare } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { usePageTitle } from "../../../hooks/use-page-title";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useDiscussion } from "../api/get-discussion";
import { useLiveDiscussions } from "../hooks/use-live-discussions";
import { DiscussionBadges } from "./discussion-badges";
import { DiscussionByline, ReplyCount } from "./discussion-meta";
import { DiscussionNotFound } from "./discussion-not-found";
import { ShareControl } from "./share-control";

function BackButton() {
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={paths.home}>
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

/** /discussion/{id}: SPEC §2 discussion detail. */
export function DiscussionDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const discussion = useDiscussion(id);
  const data = discussion.data;
  usePageTitle(data?.title ?? "Discussion");
  useLiveDiscussions();

  // SPEC §2 and §8: a missing discussion (also one removed while it is open) says so and goes
  // home; any other failure to load says that instead.
  useEffect(() => {
    if (!discussion.isError) return;
    if (discussion.error instanceof ApiError && discussion.error.status === 404) {
      toast.error("Discussion not found", {
        description: "This discussion may have been removed or doesn't exist.",
      });
    } else {
      toast.error("Failed to load discussion.");
    }
    navigate(paths.home, { replace: true });
  }, [discussion.isError, discussion.error, navigate]);

  return (
    <div className="flex flex-col gap-6">
      <BackButton />
      {discussion.isPending ? (
        <DetailSkeleton />
      ) : !data || discussion.isError ? (
        <DiscussionNotFound />
      ) : (
        <>
          <article className="flex flex-col gap-5 rounded-xl border bg-card p-6 shadow-sm sm:p-8">
            <header className="flex flex-col gap-3">
              <DiscussionBadges isPinned={data.isPinned} isLocked={data.isLocked} />
              <h1 className="font-bold text-3xl leading-tight tracking-tight sm:text-4xl">
                {data.title}
              </h1>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <DiscussionByline discussion={data} />
                <ShareControl discussion={data} />
              </div>
            </header>
            <div className="whitespace-pre-line break-words text-base leading-relaxed">
              {data.content}
            </div>
            <footer className="flex flex-wrap items-center gap-4 border-t pt-4">
              <ReplyCount replies={data.replies} />
              {data.isLocked ? (
                <span className="inline-flex items-center gap-1.5 text-muted-foreground text-sm">
                  <Lock aria-hidden="true" className="size-4" />
                  This discussion is locked.
                </span>
              ) : null}
            </footer>
          </article>
          <section
            aria-labelledby="comments-heading"
            className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center"
          >
            <MessageSquare aria-hidden="true" className="size-8 text-muted-foreground" />
            <h2 id="comments-heading" className="font-sans font-semibold text-lg">
              Comments coming soon
            </h2>
            <p className="max-w-md text-muted-foreground text-sm">
              We're working on a comment system so you can reply to discussions. Check back soon.
            </p>
          </section>
        </>
      )}
    </div>
  );
}
