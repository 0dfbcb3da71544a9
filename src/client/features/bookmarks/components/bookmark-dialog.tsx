import { EditorDialog } from "@/client/components/editor-dialog";
import type { BookmarkMark } from "@/shared/bookmarks";
import { BookmarkForm } from "./bookmark-form";

type BookmarkDialogProps = {
  mark: Pick<BookmarkMark, "id" | "note" | "remindAt">;
  open: boolean;
  onClose: () => void;
};

/** A bookmark's note and reminder in a dialog: from the discussion page and from /bookmarks. */
export function BookmarkDialog({ mark, open, onClose }: BookmarkDialogProps) {
  return (
    <EditorDialog
      open={open}
      onClose={onClose}
      title="Your bookmark"
      description="Add a note for yourself, or a time to be reminded of it."
    >
      <BookmarkForm mark={mark} onDone={onClose} />
    </EditorDialog>
  );
}
