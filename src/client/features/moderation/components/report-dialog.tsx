import { type RefObject, useId, useState } from "react";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { useSendReport } from "@/client/features/moderation/api/send-report";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import {
  HARM_KIND_REQUIRED,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_THANKS,
  type ReportReason,
  type ReportTarget,
} from "@/shared/moderation";
import type { IllegalHarmKind } from "@/shared/online-safety";
import { HarmKindSelect } from "./harm-kind-select";

const NOUNS: Record<ReportTarget, string> = {
  discussion: "discussion",
  reply: "reply",
  profile: "profile",
  tag: "tag",
};

export type ReportDialogProps = {
  targetKind: ReportTarget;
  targetId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Report button (report-button.tsx), which the focus goes back to on closing. */
  opener: RefObject<HTMLButtonElement | null>;
};

/**
 * The report form (docs/decisions/027, 070, 079): a reason, the kind of harm for illegal
 * content, details. Mounted by its button on first use, and kept, with what was chosen, after.
 */
export function ReportDialog({
  targetKind,
  targetId,
  open,
  onOpenChange: setOpen,
  opener,
}: ReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [harmKind, setHarmKind] = useState<IllegalHarmKind | "">("");
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | undefined>();
  const send = useSendReport();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError("Choose a reason");
      return;
    }
    // Illegal content names its kind (docs/decisions/079).
    if (reason === "illegal" && !harmKind) {
      setError(HARM_KIND_REQUIRED);
      return;
    }
    send.mutate(
      {
        targetKind,
        targetId,
        reason,
        details,
        harmKind: (reason === "illegal" && harmKind) || undefined,
      },
      {
        onSuccess: () => {
          toast.success(REPORT_THANKS);
          setOpen(false);
          setReason(null);
          setHarmKind("");
          setDetails("");
          setError(undefined);
        },
        onError: (caught) => setError(errorMessage(caught)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* Its button is not Radix's trigger: closing gives it the focus back here. */}
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Report this {NOUNS[targetKind]}</DialogTitle>
          <DialogDescription>
            {targetKind === "tag"
              ? "A moderator will look at it."
              : "A moderator will look at it. The member is not told who reported it."}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-medium text-sm">Reason</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="size-4 accent-primary"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          {reason === "illegal" ? (
            <HarmKindSelect
              id={`${id}-harm-kind`}
              value={harmKind}
              onChange={(event) => setHarmKind(event.target.value as IllegalHarmKind | "")}
            />
          ) : null}
          <TextareaField
            id={`${id}-details`}
            label="Details (optional)"
            rows={3}
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            counter={{ length: details.length, max: REPORT_DETAILS_MAX }}
            onChange={(event) => setDetails(event.target.value)}
          />
          {error ? (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? "Sending..." : "Send report"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
