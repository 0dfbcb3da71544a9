import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, type RefObject, useId } from "react";
import { useController, useForm } from "react-hook-form";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import { useMentionAutocomplete } from "@/client/features/replies/hooks/use-mention-autocomplete";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { LIMITS } from "@/shared/constants";
import { moderationReasonSchema } from "@/shared/moderation";
import { EDIT_REASON_LABEL, EDIT_REASON_NOTE } from "@/shared/moderation-texts";
import { type ReplyEditInput, replyEditSchema } from "@/shared/schemas";
import { ReplyField } from "./reply-field";

const FIELDS = ["content", "reason"] as const;

type ReplyFormValues = ReplyEditInput & { reason?: string };

const withReasonSchema = replyEditSchema.extend(moderationReasonSchema.shape);

type ReplyFormProps = {
  /** The field's label, e.g. "Your reply". */
  label: string;
  submitLabel: string;
  /** The submit button's text while sending. */
  pendingLabel: string;
  initialContent?: string;
  /** Someone else's reply: a required reason, logged and told (docs/decisions/048). */
  askReason?: boolean;
  /**
   * Resolves when saved (the cleaned text: trimmed, `<` and `>` removed, docs/product.md §5.1);
   * throws the ApiError otherwise, whose field messages are then shown under the field.
   */
  onSubmit: (content: string, reason?: string) => Promise<void>;
  /** Empties the field once sent (the composer); an editor closes instead. */
  clearOnSuccess?: boolean;
  onCancel?: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Above the field (the composer's "Replying to @name"). */
  children?: ReactNode;
  "aria-label": string;
};

/**
 * A reply's text with its rules (replySchema's messages, docs/product.md §5.6): the composer and
 * the inline editor. Toasts are the caller's.
 */
export function ReplyForm({
  label,
  submitLabel,
  pendingLabel,
  initialContent = "",
  askReason = false,
  onSubmit,
  clearOnSuccess = false,
  onCancel,
  textareaRef,
  children,
  "aria-label": ariaLabel,
}: ReplyFormProps) {
  const id = useId();
  const { control, handleSubmit, setError, reset, formState, register, watch } =
    useForm<ReplyFormValues>({
      resolver: zodResolver(askReason ? withReasonSchema : replyEditSchema),
      defaultValues: askReason
        ? { content: initialContent, reason: "" }
        : { content: initialContent },
    });
  const { field, fieldState } = useController({ control, name: "content" });

  const content = field.value;
  const setContent = field.onChange;
  // Typing @name offers members to mention; a pick writes their token into the text.
  const mention = useMentionAutocomplete({ textareaRef, value: content, onChange: setContent });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values.content, askReason ? values.reason : undefined);
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      return;
    }
    if (clearOnSuccess) reset({ content: "" });
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={ariaLabel}>
      {children}
      <ReplyField
        id={`${id}-content`}
        label={label}
        value={content}
        onChange={setContent}
        onBlur={field.onBlur}
        textareaRef={textareaRef}
        fieldRef={field.ref}
        error={fieldState.error?.message}
        addOnProps={mention.textareaProps}
        afterTextarea={mention.popup}
        onSubmitShortcut={() => {
          if (!formState.isSubmitting) void submit();
        }}
      />
      {askReason ? (
        <TextareaField
          id={`${id}-reason`}
          label={EDIT_REASON_LABEL}
          rows={2}
          maxLength={LIMITS.reason}
          error={formState.errors.reason?.message}
          counter={{
            length: (watch("reason") ?? "").length,
            max: LIMITS.reason,
            note: EDIT_REASON_NOTE,
          }}
          {...register("reason")}
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button
            type="button"
            variant="ghost"
            onClick={onCancel}
            disabled={formState.isSubmitting}
          >
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
