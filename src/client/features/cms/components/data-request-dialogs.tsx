import { useState } from "react";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { useEraseDataRequest } from "@/client/features/cms/api/act-on-data-request";
import { useAdvanceDataRequest } from "@/client/features/cms/api/advance-data-request";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { DataRequestItem } from "@/shared/api-types";
import { LIMITS } from "@/shared/constants";

function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields?.[field] : undefined;
}

/** "Erase account": asks for the reason, and whether the member's writing goes too. */
export function EraseAccountDialog({ request }: { request: DataRequestItem }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [deleteContent, setDeleteContent] = useState(false);
  const erase = useEraseDataRequest();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    erase.mutate(
      { id: request.id, reason, deleteContent },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success("Account erased", {
            description: `The account of ${request.email} is gone for good.`,
          });
        },
        onError: (error) => {
          if (!fieldError(error, "reason")) {
            toast.error("Failed to erase the account.", {
              description: error instanceof ApiError ? error.message : undefined,
            });
          }
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive">
          Erase account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Erase this account?</DialogTitle>
          <DialogDescription>
            The account of {request.email} is erased for good, as if its owner deleted it from their
            settings. Their discussions and replies stay, as by “Deleted member”, unless you tick
            the box.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextareaField
            id={`erase-reason-${request.id}`}
            label="Reason"
            rows={3}
            maxLength={LIMITS.reason}
            placeholder="Kept in the erasure record: no names or addresses"
            value={reason}
            error={fieldError(erase.error, "reason")}
            onChange={(event) => setReason(event.target.value)}
          />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-destructive"
              checked={deleteContent}
              onChange={(event) => setDeleteContent(event.target.checked)}
            />
            Also delete their discussions and replies
          </label>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={erase.isPending}>
              {erase.isPending ? "Erasing..." : "Erase account"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Mark completed": the note is kept and emailed to the requester. */
export function CompleteRequestDialog({ request }: { request: DataRequestItem }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const advance = useAdvanceDataRequest();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    advance.mutate(
      { id: request.id, status: "completed", note },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success("Request updated", { description: "Now completed." });
        },
        onError: (error) => {
          if (!fieldError(error, "note")) {
            toast.error("Failed to update the request.", {
              description: error instanceof ApiError ? error.message : undefined,
            });
          }
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          Mark completed
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark completed</DialogTitle>
          <DialogDescription>
            Say what was done. The note is emailed to {request.email}.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextareaField
            id={`complete-note-${request.id}`}
            label="Note"
            rows={4}
            maxLength={LIMITS.details}
            value={note}
            error={fieldError(advance.error, "note")}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={advance.isPending}>
              {advance.isPending ? "Saving..." : "Mark completed"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
