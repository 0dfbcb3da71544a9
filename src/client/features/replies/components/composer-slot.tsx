import { Lock } from "lucide-react";
import { type RefObject, Suspense } from "react";
import { Link } from "@/client/components/link";
import { mayReply, type Viewer } from "@/client/features/replies/lib/reply-rights";
import type { ReplyTarget } from "@/client/features/replies/lib/reply-target";
import { lazyComponent } from "@/client/lib/lazy-component";
import { useLocation } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import type { DiscussionItem, ReplyItem } from "@/shared/api-types";
import type { Insertion } from "./reply-form";

// The composer brings react-hook-form, zod and the shared schemas: it downloads for members
// who may reply, not with the thread every visitor reads.
const ReplyComposer = lazyComponent(() => import("./reply-composer"), "ReplyComposer");

type ComposerSlotProps = {
  discussion: DiscussionItem;
  viewer: Viewer;
  /** The session is still being read: nothing is said yet. */
  sessionLoading: boolean;
  replyTo: ReplyTarget | null;
  onCancelReplyTo: () => void;
  onPosted: (reply: ReplyItem) => void;
  /** A quote to add to the composer's text. */
  quote: Insertion | null;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
};

const boxClassName = "rounded-xl border bg-muted/50 px-5 py-4 text-sm";

function LockedNotice() {
  return (
    <p className={`${boxClassName} inline-flex items-center gap-2 text-muted-foreground`}>
      <Lock aria-hidden="true" className="size-4" />
      This discussion is locked.
    </p>
  );
}

/**
 * Below the thread (docs/product.md §2.7): the composer for members who may reply, "This
 * discussion is locked." for everyone else under a locked one, and "Sign in to reply." for
 * visitors elsewhere, which brings them back here once signed in.
 */
export function ComposerSlot({
  discussion,
  viewer,
  sessionLoading,
  replyTo,
  onCancelReplyTo,
  onPosted,
  quote,
  textareaRef,
}: ComposerSlotProps) {
  const location = useLocation();
  if (sessionLoading) return <div aria-hidden="true" className="h-16" />;
  // Locked says so to everyone who cannot reply, visitors too: signing in would not let them
  // (docs/product.md §2.7, decision 062).
  if (discussion.isLocked && !mayReply(viewer, discussion)) return <LockedNotice />;
  if (!viewer) {
    return (
      <p className={boxClassName}>
        <Link
          to={paths.authReturningTo(`${location.pathname}${location.search}`)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign in to reply.
        </Link>
      </p>
    );
  }
  if (!mayReply(viewer, discussion)) return <LockedNotice />;
  return (
    <Suspense
      fallback={
        <div role="status" className="h-56 animate-pulse rounded-xl border bg-muted/50">
          <span className="sr-only">Loading...</span>
        </div>
      }
    >
      <ReplyComposer
        discussionId={discussion.id}
        replyTo={replyTo}
        onCancelReplyTo={onCancelReplyTo}
        onPosted={onPosted}
        quote={quote}
        textareaRef={textareaRef}
      />
    </Suspense>
  );
}
