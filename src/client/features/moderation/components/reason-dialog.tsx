import { type ReactNode, useId, useState } from "react";
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
import { labelClassName } from "@/client/components/ui/field-classes";
import { NativeSelect } from "@/client/components/ui/native-select";
import { errorMessage } from "@/client/lib/api-client";
import { LIMITS } from "@/shared/constants";
import {
  SUSPENSION_LENGTH_LABELS,
  SUSPENSION_LENGTHS,
  type SuspensionLength,
} from "@/shared/moderation";
import { TERMS_RULES, type TermsRuleKey } from "@/shared/terms-rules";

type ReasonDialogProps = {
  /** The button that opens it; none when the caller opens it (from a menu: `open`). */
  trigger?: ReactNode;
  /** Opened and closed by the caller (a menu item opens it, docs/product.md §11.8). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Ask how long (a suspension). */
  withLength?: boolean;
  /**
   * Ask which rule of the terms was broken (hide, delete, suspend; docs/decisions/082): the
   * notice links it. "From the reports" sends none, and the server takes the reports' reason.
   */
  withRule?: boolean;
  /** Resolves when done; throws the ApiError otherwise (its message is shown). */
  onConfirm: (values: {
    reason: string;
    length: SuspensionLength;
    rule?: TermsRuleKey;
  }) => Promise<void>;
};

/** Every moderator's action asks why (docs/decisions/027): the reason is logged and published. */
export function ReasonDialog({
  trigger,
  open: controlledOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  withLength = false,
  withRule = false,
  onConfirm,
}: ReasonDialogProps) {
  const id = useId();
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  const [reason, setReason] = useState("");
  const [length, setLength] = useState<SuspensionLength>("1d");
  const [rule, setRule] = useState<TermsRuleKey | "">("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const cleaned = reason.replace(/[<>]/g, "").trim();
    if (!cleaned) {
      setError("Reason is required");
      return;
    }
    setPending(true);
    try {
      await onConfirm({ reason: cleaned, length, ...(withRule && rule ? { rule } : {}) });
      setOpen(false);
      setReason("");
      setError(undefined);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
          {withLength ? (
            <div className="grid gap-2">
              <label htmlFor={`${id}-length`} className={labelClassName}>
                Length
              </label>
              <NativeSelect
                id={`${id}-length`}
                value={length}
                onChange={(event) => setLength(event.target.value as SuspensionLength)}
              >
                {SUSPENSION_LENGTHS.map((value) => (
                  <option key={value} value={value}>
                    {SUSPENSION_LENGTH_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          {withRule ? (
            <div className="grid gap-2">
              <label htmlFor={`${id}-rule`} className={labelClassName}>
                Rule broken
              </label>
              <NativeSelect
                id={`${id}-rule`}
                value={rule}
                onChange={(event) => setRule(event.target.value as TermsRuleKey | "")}
              >
                <option value="">As the reports say (or the terms as a whole)</option>
                {TERMS_RULES.map((option) => (
                  <option key={option.key} value={option.key}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <TextareaField
            id={`${id}-reason`}
            label="Reason"
            rows={3}
            value={reason}
            maxLength={LIMITS.reason}
            error={error}
            counter={{ length: reason.length, max: LIMITS.reason }}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
