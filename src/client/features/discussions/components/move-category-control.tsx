import { FolderInput } from "lucide-react";
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
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { useMoveDiscussion } from "@/client/features/discussions/api/move-discussion";
import { errorMessage } from "@/client/lib/api-client";
import { useCategories } from "@/client/lib/categories";
import { toast } from "@/client/lib/toast";
import type { DiscussionItem } from "@/shared/api-types";
import { LIMITS } from "@/shared/constants";

/**
 * `Move` (issue 41, docs/product.md §11.8): a moderator puts the discussion in another category,
 * with a reason for the moderation log. The server decides; a refusal shows under the choice.
 */
export function MoveCategoryControl({ discussion }: { discussion: DiscussionItem }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState(discussion.category.slug);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const categories = useCategories();
  const move = useMoveDiscussion();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const moved = await move.mutateAsync({ id: discussion.id, category, reason });
      toast.success("Discussion moved", { description: `Now in ${moved.category.name}.` });
      setOpen(false);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setCategory(discussion.category.slug);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FolderInput aria-hidden="true" />
          Move
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Move this discussion?</DialogTitle>
          <DialogDescription>
            It leaves {discussion.category.name} for the category you choose. The move is logged.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-category`}>Category</Label>
            <NativeSelect
              id={`${id}-category`}
              value={category}
              onChange={(event) => setCategory(event.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              {categories.data?.categories.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.name}
                </option>
              ))}
            </NativeSelect>
            {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
          </div>
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
            <Button
              type="submit"
              disabled={move.isPending || category === discussion.category.slug}
            >
              {move.isPending ? "Moving..." : "Move"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
