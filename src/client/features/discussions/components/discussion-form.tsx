import { zodResolver } from "@hookform/resolvers/zod";
import type * as React from "react";
import { useId, useRef } from "react";
import { useController, useForm } from "react-hook-form";
import { ComposerField } from "@/client/components/composer/composer-field";
import { DraftStatus } from "@/client/components/composer/draft-status";
import { useDraft } from "@/client/components/composer/use-draft";
import { CharacterCount } from "@/client/components/form/character-count";
import { FieldError } from "@/client/components/form/field-error";
import { TextField } from "@/client/components/form/text-field";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { useCategories } from "@/client/lib/categories";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { useAuth } from "@/client/lib/session/use-auth";
import { LIMITS } from "@/shared/constants";
import { moderationReasonSchema } from "@/shared/moderation";
import { EDIT_REASON_LABEL, EDIT_REASON_NOTE } from "@/shared/moderation-texts";
import { can } from "@/shared/permissions";
import { type DiscussionInput, discussionSchema } from "@/shared/schemas";
import { TagsField } from "./tags-field";

const FIELDS = ["category", "tags", "title", "content", "reason"] as const;

/** The form's values: a moderator's edit of someone else's discussion adds the reason. */
export type DiscussionEdit = DiscussionInput & { reason?: string };

const withReasonSchema = discussionSchema.extend(moderationReasonSchema.shape);

type DiscussionFormProps = {
  /** Shown, not editable, above the title (the CMS): who the discussion is or will be by. */
  author?: string;
  initial?: DiscussionInput;
  /** What to write, suggested in the empty fields (the forum's form, docs/product.md §2.6). */
  placeholders?: { title: string; content: string };
  /** The forum counts the title as well as the content; the CMS counts the content only. */
  countTitle?: boolean;
  /**
   * The CMS stops typing the title at its limit; the forum lets one type past it and says why
   * the draft cannot be sent (docs/product.md §5.6). The content's counter says so in both.
   */
  stopAtLimits?: boolean;
  contentRows: number;
  /** Someone else's discussion: a required reason, logged and told (docs/decisions/048). */
  askReason?: boolean;
  submitLabel: string;
  /** The submit button's text while sending. */
  pendingLabel: string;
  /** Resolves when saved; throws the ApiError otherwise (its field messages are shown). */
  onSubmit: (values: DiscussionEdit) => Promise<void>;
  onCancel: () => void;
  "aria-label"?: string;
  /** Where the title and text are kept as a draft while typed (shared/drafts.ts `draftPlace`). */
  draftPlace?: string;
};

/**
 * A discussion's title and content (docs/product.md §3.6, §5.6): the forum's new-discussion
 * form and the CMS editor. Toasts are the caller's, as their texts differ.
 */
export function DiscussionForm({
  author,
  initial,
  placeholders,
  countTitle = false,
  stopAtLimits = false,
  contentRows,
  askReason = false,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  "aria-label": ariaLabel,
  draftPlace,
}: DiscussionFormProps) {
  const id = useId();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<DiscussionEdit>({
    resolver: zodResolver(askReason ? withReasonSchema : discussionSchema),
    defaultValues: {
      // No category until the member picks one (issue 41: never a default).
      ...(initial ?? { category: "", tags: [], title: "", content: "" }),
      ...(askReason ? { reason: "" } : {}),
    },
  });

  const { field: content } = useController({ control, name: "content" });
  const { field: tags } = useController({ control, name: "tags" });
  const draft = useDraft({
    place: draftPlace,
    text: { title: watch("title"), content: content.value },
    baseline: { title: initial?.title ?? "", content: initial?.content ?? "" },
    onRestore: (text) => {
      setValue("title", text.title ?? "", { shouldDirty: true });
      setValue("content", text.content, { shouldDirty: true });
    },
  });

  const submit = handleSubmit(async (values) => {
    draft.sending();
    try {
      await onSubmit(values);
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      return;
    }
    draft.sent();
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={ariaLabel}>
      {author !== undefined ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-author`}>Author</Label>
          <Input id={`${id}-author`} value={author} readOnly className="bg-muted" />
        </div>
      ) : null}
      <CategoryField
        id={`${id}-category`}
        current={initial?.category}
        error={errors.category?.message}
        {...register("category")}
      />
      <TagsField
        id={`${id}-tags`}
        value={tags.value ?? []}
        onChange={tags.onChange}
        inputRef={tags.ref}
        error={errors.tags?.message ?? errors.tags?.root?.message}
        disabled={isSubmitting}
      />
      <div className="grid gap-1">
        <TextField
          id={`${id}-title`}
          label="Title"
          placeholder={placeholders?.title}
          maxLength={stopAtLimits ? LIMITS.title : undefined}
          error={errors.title?.message}
          {...register("title")}
        />
        {countTitle ? (
          <CharacterCount
            id={`${id}-title-count`}
            length={watch("title").length}
            max={LIMITS.title}
          />
        ) : null}
      </div>
      {/* The one composer (docs/decisions/064): formatting, preview, mentions. */}
      <ComposerField
        id={`${id}-content`}
        label="Content"
        rows={contentRows}
        placeholder={placeholders?.content}
        value={content.value}
        onChange={content.onChange}
        onBlur={content.onBlur}
        fieldRef={content.ref}
        textareaRef={contentRef}
        max={LIMITS.content}
        images
        error={errors.content?.message}
        onSubmitShortcut={() => {
          if (!isSubmitting) void submit();
        }}
      />
      {askReason ? (
        <TextareaField
          id={`${id}-reason`}
          label={EDIT_REASON_LABEL}
          rows={2}
          maxLength={LIMITS.reason}
          error={errors.reason?.message}
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
            <DraftStatus status={draft.status} onDiscard={draft.discard} disabled={isSubmitting} />
          </div>
        ) : null}
        <Button type="button" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

type CategoryFieldProps = React.ComponentProps<"select"> & {
  /** The discussion's category when editing: offered even where the viewer may not start one. */
  current?: string;
  error?: string;
};

/**
 * The category a discussion goes in (issue 41): chosen every time, none by default. A member is
 * offered only the categories they may start in (the server refuses the others, 403).
 */
function CategoryField({ id, current, error, ...props }: CategoryFieldProps) {
  const { role } = useAuth();
  const categories = useCategories();
  const offered = (categories.data?.categories ?? []).filter(
    (category) =>
      !category.staffOnly || can(role, "startInStaffOnlyCategories") || category.slug === current,
  );
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Category</Label>
      <NativeSelect
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      >
        <option value="" disabled>
          Choose a category
        </option>
        {offered.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </NativeSelect>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}
