import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, type RefObject, useEffect, useId } from "react";
import { useController, useForm } from "react-hook-form";
import { ComposerField } from "@/client/components/composer/composer-field";
import { DraftStatus } from "@/client/components/composer/draft-status";
import { useDraft } from "@/client/components/composer/use-draft";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { LIMITS } from "@/shared/constants";
import { moderationReasonSchema } from "@/shared/moderation";
import { EDIT_REASON_LABEL, EDIT_REASON_NOTE } from "@/shared/moderation-texts";
import { type ReplyEditInput, replyEditSchema } from "@/shared/schemas";

const FIELDS = ["content", "reason"] as const;

type ReplyFormValues = ReplyEditInput & { reason?: string };

/** Text to add at the end of the field (a quote); `at` tells two presses apart. */
export type Insertion = { text: string; at: number };

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
  /** Added after the text, then the field is focused at its end. */
  insertion?: Insertion | null;
  "aria-label": string;
  /** Where the text is kept as a draft while typed (shared/drafts.ts `draftPlace`). */
  draftPlace?: string;
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
  insertion,
  "aria-label": ariaLabel,
  draftPlace,
}: ReplyFormProps) {
  const id = useId();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState,
    register,
    watch,
    getValues,
    setValue,
  } = useForm<ReplyFormValues>({
    resolver: zodResolver(askReason ? withReasonSchema : replyEditSchema),
    defaultValues: askReason
      ? { content: initialContent, reason: "" }
      : { content: initialContent },
  });
  const { field, fieldState } = useController({ control, name: "content" });
  const draft = useDraft({
    place: draftPlace,
    text: { title: null, content: field.value },
    baseline: { title: null, content: initialContent },
    onRestore: (text) => setValue("content", text.content, { shouldDirty: true }),
  });

  // "Quote" pressed: the quote goes after what is written, a blank line apart, ready to answer.
  useEffect(() => {
    if (!insertion) return;
    const current = getValues("content").replace(/\s+$/, "");
    setValue("content", current ? `${current}\n\n${insertion.text}` : insertion.text, {
      shouldDirty: true,
    });
    requestAnimationFrame(() => {
      const textarea = textareaRef.current;
      if (!textarea) return;
      textarea.focus({ preventScroll: true });
      textarea.setSelectionRange(textarea.value.length, textarea.value.length);
      textarea.scrollIntoView({ block: "center" });
    });
  }, [insertion, getValues, setValue, textareaRef]);

  const submit = handleSubmit(async (values) => {
    draft.sending();
    try {
      await onSubmit(values.content, askReason ? values.reason : undefined);
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      return;
    }
    draft.sent();
    if (clearOnSuccess) reset({ content: "" });
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={ariaLabel}>
      {children}
      <ComposerField
        id={`${id}-content`}
        label={label}
        value={field.value}
        onChange={field.onChange}
        max={LIMITS.reply}
        images
        onBlur={field.onBlur}
        textareaRef={textareaRef}
        fieldRef={field.ref}
        error={fieldState.error?.message}
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
      <div className="flex flex-wrap items-center justify-end gap-2">
        {draftPlace ? (
          <div className="mr-auto">
            <DraftStatus
              status={draft.status}
              onDiscard={draft.discard}
              disabled={formState.isSubmitting}
            />
          </div>
        ) : null}
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
