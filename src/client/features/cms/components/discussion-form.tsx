import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { LIMITS } from "../../../../shared/constants";
import { type DiscussionInput, discussionSchema } from "../../../../shared/schemas";
import { FieldError } from "../../../components/form/field-error";
import { TextField } from "../../../components/form/text-field";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { setServerFieldErrors } from "../../../lib/server-field-errors";

const FIELDS = ["title", "content"] as const;

type DiscussionFormProps = {
  /** Shown, not editable: the discussion's author, or the staff member for a new one. */
  author: string;
  initial?: DiscussionInput;
  submitLabel: string;
  /** Resolves when saved; throws the ApiError otherwise (its field messages are shown). */
  onSubmit: (values: DiscussionInput) => Promise<void>;
  onCancel: () => void;
};

/** SPEC §2 CMS discussion form: author, title and content (required, forum limits). */
export function DiscussionForm({
  author,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: DiscussionFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DiscussionInput>({
    resolver: zodResolver(discussionSchema),
    defaultValues: initial ?? { title: "", content: "" },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="cms-discussion-author">Author</Label>
        <Input id="cms-discussion-author" value={author} readOnly className="bg-muted" />
      </div>
      <TextField
        id="cms-discussion-title"
        label="Title"
        maxLength={LIMITS.title}
        error={errors.title?.message}
        {...register("title")}
      />
      <div className="grid gap-2">
        <Label htmlFor="cms-discussion-content">Content</Label>
        <Textarea
          id="cms-discussion-content"
          rows={8}
          maxLength={LIMITS.content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? "cms-discussion-content-error" : undefined}
          {...register("content")}
        />
        {errors.content ? (
          <FieldError id="cms-discussion-content-error">{errors.content.message}</FieldError>
        ) : null}
        <p className="text-right text-muted-foreground text-xs">
          {watch("content").length.toLocaleString()}/{LIMITS.content.toLocaleString()} characters
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
