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
import { useUpdateComplaint } from "@/client/features/complaints/api/update-complaint";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { ComplaintItem } from "@/shared/complaints";
import { LIMITS } from "@/shared/limits";

function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields?.[field] : undefined;
}

/** "Resolve": the outcome is kept and emailed to the complainant, without who decided. */
export function ResolveComplaintDialog({ complaint }: { complaint: ComplaintItem }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState("");
  const update = useUpdateComplaint();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: complaint.id, status: "completed", outcome },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success("Complaint resolved", { description: "The outcome was emailed." });
        },
        onError: (error) => {
          if (!fieldError(error, "outcome")) {
            toast.error("Failed to resolve the complaint.", {
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
          Resolve
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resolve the complaint</DialogTitle>
          <DialogDescription>
            {complaint.email
              ? `Say what was found and done. The outcome is emailed to ${complaint.email}, without your name.`
              : "Say what was found and done. The complainant's data was erased: nothing is emailed."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextareaField
            id={`complaint-outcome-${complaint.id}`}
            label="Outcome"
            rows={5}
            maxLength={LIMITS.message}
            value={outcome}
            error={fieldError(update.error, "outcome")}
            onChange={(event) => setOutcome(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Resolve"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
