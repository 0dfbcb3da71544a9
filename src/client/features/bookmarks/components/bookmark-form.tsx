import { type FormEvent, useState } from "react";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import {
  fieldErrorClassName,
  inputClassName,
  labelClassName,
} from "@/client/components/ui/field-classes";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { BOOKMARK_NOTE_MAX, type BookmarkMark, NOTE_TOO_LONG } from "@/shared/bookmarks";
import { useDeleteBookmark, useUpdateBookmark } from "../api/save-bookmark";
import { fromLocalInput, toLocalInput } from "./reminder-input";

type BookmarkFormProps = {
  mark: Pick<BookmarkMark, "id" | "note" | "remindAt">;
  /** After a save or a removal. */
  onDone: () => void;
};

/** The note and the reminder of one bookmark, with Save and Remove. */
export function BookmarkForm({ mark, onDone }: BookmarkFormProps) {
  const [note, setNote] = useState(mark.note ?? "");
  const [remindAt, setRemindAt] = useState(toLocalInput(mark.remindAt));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateBookmark();
  const remove = useDeleteBookmark();
  const id = `bookmark-${mark.id}`;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim().length > BOOKMARK_NOTE_MAX) {
      setErrors({ note: NOTE_TOO_LONG });
      return;
    }
    const reminder = fromLocalInput(remindAt);
    // An unchanged reminder is not sent: one already past may stay as it was.
    const changed =
      reminder !== mark.remindAt && toLocalInput(reminder) !== toLocalInput(mark.remindAt);
    update.mutate(
      { id: mark.id, input: { note, ...(changed ? { remindAt: reminder } : {}) } },
      {
        onSuccess: () => {
          toast.success("Bookmark saved");
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          else toast.error("Failed to save the bookmark.", { description: errorMessage(error) });
        },
      },
    );
  };

  const removeBookmark = () =>
    remove.mutate(mark.id, {
      onSuccess: () => {
        toast.success("Bookmark removed");
        onDone();
      },
      onError: (error) =>
        toast.error("Failed to remove the bookmark.", { description: errorMessage(error) }),
    });

  return (
    <form className="grid gap-4" onSubmit={save} noValidate>
      <TextareaField
        id={`${id}-note`}
        label="Note (only you see it)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        rows={3}
        error={errors.note}
        counter={{ length: note.length, max: BOOKMARK_NOTE_MAX }}
      />
      <div className="grid gap-2">
        <label htmlFor={`${id}-remind`} className={labelClassName}>
          Remind me (optional)
        </label>
        <input
          id={`${id}-remind`}
          type="datetime-local"
          className={inputClassName}
          value={remindAt}
          onChange={(event) => setRemindAt(event.target.value)}
          aria-invalid={errors.remindAt ? true : undefined}
          aria-describedby={errors.remindAt ? `${id}-remind-error` : undefined}
        />
        {errors.remindAt ? (
          <p id={`${id}-remind-error`} className={fieldErrorClassName}>
            {errors.remindAt}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={removeBookmark}
          disabled={remove.isPending || update.isPending}
        >
          Remove bookmark
        </Button>
        <Button type="submit" disabled={update.isPending || remove.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
