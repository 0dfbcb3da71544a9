import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { Button } from "@/client/components/ui/button";
import { errorMessage } from "@/client/lib/api-client";
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import type { BookmarkItem } from "@/shared/bookmarks";
import { useDeleteBookmark } from "../api/save-bookmark";
import { BookmarkDialog } from "./bookmark-dialog";

/** Where a bookmark leads: the reply's permalink, or the discussion; nowhere once it cannot open. */
function bookmarkPath(item: BookmarkItem): string | null {
  if (!item.opens) return null;
  return item.replyId
    ? paths.discussionReply(item.discussionId, item.replyId)
    : paths.discussion(item.discussionId);
}

/**
 * One bookmark as its member may read its post now (the server applied the visibility rule):
 * the title and the reply's first words, or what stands in their place; the note, the reminder,
 * Edit and Remove.
 */
export function BookmarkEntry({ item }: { item: BookmarkItem }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteBookmark();
  const path = bookmarkPath(item);
  const what = item.replyId ? "reply" : "discussion";
  const name = item.shown ? `“${item.title}”` : `a ${what}`;
  return (
    <li className="grid gap-2 rounded-md border p-3" data-bookmark={item.id}>
      <p className="text-muted-foreground text-xs uppercase tracking-wide">
        {item.replyId ? "Reply in" : "Discussion"}
      </p>
      {path ? (
        <Link to={path} className="wrap-anywhere font-medium text-foreground hover:underline">
          {item.title}
        </Link>
      ) : (
        <span className="font-medium text-muted-foreground italic">{item.title}</span>
      )}
      {item.excerpt !== null ? (
        <p
          className={
            item.shown
              ? "wrap-anywhere line-clamp-3 border-l-2 pl-3 text-sm"
              : "border-l-2 pl-3 text-muted-foreground text-sm italic"
          }
        >
          {item.excerpt}
        </p>
      ) : null}
      {item.note ? (
        <p className="wrap-anywhere whitespace-pre-line rounded bg-muted px-2 py-1 text-sm">
          <span className="sr-only">Your note: </span>
          {item.note}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground text-sm">
        <span className="flex flex-wrap gap-x-3">
          <RelativeTime value={item.createdAt} prefix="Bookmarked" />
          {item.remindAt ? (
            item.remindedAt ? (
              <RelativeTime value={item.remindAt} prefix="Reminded" />
            ) : (
              <RelativeTime value={item.remindAt} prefix="Reminder" />
            )
          ) : null}
        </span>
        <span className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-8 px-2"
            aria-label={`Edit the note or reminder of your bookmark of ${name}`}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-8 px-2"
            aria-label={`Remove your bookmark of ${name}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(item.id, {
                onSuccess: () => toast.success("Bookmark removed"),
                onError: (error) =>
                  toast.error("Failed to remove the bookmark.", {
                    description: errorMessage(error),
                  }),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </span>
      </div>
      <BookmarkDialog mark={item} open={editing} onClose={() => setEditing(false)} />
    </li>
  );
}
