import { Bookmark, BookmarkCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { useDiscussionBookmarks } from "../api/discussion-bookmarks";
import { useCreateBookmark } from "../api/save-bookmark";
import { BookmarkDialog } from "./bookmark-dialog";

type BookmarkControlProps = {
  discussionId: string;
  /** The reply bookmarked; none for the discussion itself. */
  replyId?: string | null;
  /** What is bookmarked, for the button's name: "this discussion", "the reply by Ana". */
  label: string;
};

/**
 * "Bookmark" on a discussion or a reply (issue 42), for a signed-in member: the page renders it
 * for members only. Once bookmarked, "Bookmarked" opens the note, the reminder and Remove.
 */
export function BookmarkControl({ discussionId, replyId = null, label }: BookmarkControlProps) {
  const marks = useDiscussionBookmarks(discussionId);
  const create = useCreateBookmark();
  const [editing, setEditing] = useState(false);
  if (marks.isError) return null;
  const mark = marks.data?.bookmarks.find((item) => item.replyId === replyId) ?? null;

  const bookmark = () =>
    create.mutate(
      { discussionId, replyId },
      {
        onSuccess: () =>
          toast.success("Bookmarked", {
            description: "It is listed under Bookmarks in your account menu.",
            action: { label: "Add a note", onClick: () => setEditing(true) },
          }),
        onError: (error) =>
          toast.error("Failed to bookmark.", { description: errorMessage(error) }),
      },
    );

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-8 px-2"
        aria-label={mark ? `Edit your bookmark of ${label}` : `Bookmark ${label}`}
        title={mark ? "Bookmarked: edit the note or reminder" : "Bookmark"}
        disabled={marks.isPending || create.isPending}
        onClick={() => (mark ? setEditing(true) : bookmark())}
      >
        {mark ? (
          <BookmarkCheck aria-hidden="true" className="text-primary" />
        ) : (
          <Bookmark aria-hidden="true" />
        )}
        <span className="sr-only sm:not-sr-only">{mark ? "Bookmarked" : "Bookmark"}</span>
      </Button>
      {mark ? (
        <BookmarkDialog mark={mark} open={editing} onClose={() => setEditing(false)} />
      ) : null}
    </>
  );
}
