import { Tags } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FieldError } from "@/client/components/form/field-error";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { useRetagDiscussion } from "@/client/features/discussions/api/retag-discussion";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { DiscussionItem } from "@/shared/api-types";
import { LIMITS } from "@/shared/constants";
import { TagsField } from "./tags-field";

/**
 * `Tags` (issue 41, docs/decisions/067): a moderator changes the discussion's tags, with a
 * reason for the moderation log. The server decides; a refusal shows under the tags.
 */
export function RetagControl({ discussion }: { discussion: DiscussionItem }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [tags, setTags] = useState(discussion.tags);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const retag = useRetagDiscussion();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await retag.mutateAsync({ id: discussion.id, tags, reason });
      toast.success("Tags saved");
      setOpen(false);
    } catch (caught) {
      setError(
        (caught instanceof ApiError ? caught.fields?.tags : undefined) ?? errorMessage(caught),
      );
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setTags(discussion.tags);
          setError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Tags aria-hidden="true" />
          Tags
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change this discussion's tags?</DialogTitle>
          <DialogDescription>The change is logged, with your reason.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <TagsField id={`${id}-tags`} value={tags} onChange={setTags} disabled={retag.isPending} />
          {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
          <TextareaField
            id={`${id}-reason`}
            label="Reason"
            rows={2}
            maxLength={LIMITS.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={retag.isPending}>
              {retag.isPending ? "Saving..." : "Save tags"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
