import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { LIMITS } from "../../../../shared/constants";
import { type DiscussionInput, discussionSchema } from "../../../../shared/schemas";
import { FieldError } from "../../../components/form/field-error";
import { TextField } from "../../../components/form/text-field";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { ApiError } from "../../../lib/api-client";
import { setServerFieldErrors } from "../../../lib/server-field-errors";
import { toast } from "../../../lib/toast";
import { useCreateDiscussion } from "../api/create-discussion";

const FIELDS = ["title", "content"] as const;

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className="text-right text-muted-foreground text-xs">
      {length.toLocaleString()}/{max.toLocaleString()} characters
    </p>
  );
}

/** SPEC §8 messages for a refused creation; 429 and field errors carry the server's own. */
function showCreateError(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    toast.error("You must be logged in to create a discussion.");
  } else if (error instanceof ApiError && error.status === 429) {
    toast.error(error.message);
  } else {
    toast.error("Failed to create discussion.");
  }
}

/** The discussion draft (SPEC §3): title and content. */
export function NewDiscussionForm({ onDone }: { onDone: () => void }) {
  const createDiscussion = useCreateDiscussion();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DiscussionInput>({
    resolver: zodResolver(discussionSchema),
    defaultValues: { title: "", content: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createDiscussion.mutateAsync(values);
      toast.success("Discussion created successfully!");
      reset();
      onDone();
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      showCreateError(error);
    }
  });

  const contentError = errors.content?.message;
  return (
    <Card className="p-5">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="New discussion">
        <div className="grid gap-1">
          <TextField
            id="discussion-title"
            label="Title"
            placeholder="What do you want to talk about?"
            error={errors.title?.message}
            {...register("title")}
          />
          <Counter id="discussion-title-count" length={watch("title").length} max={LIMITS.title} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="discussion-content">Content</Label>
          <Textarea
            id="discussion-content"
            rows={6}
            placeholder="Say what's on your mind..."
            aria-invalid={contentError ? true : undefined}
            aria-describedby={contentError ? "discussion-content-error" : undefined}
            {...register("content")}
          />
          {contentError ? (
            <FieldError id="discussion-content-error">{contentError}</FieldError>
          ) : null}
          <Counter
            id="discussion-content-count"
            length={watch("content").length}
            max={LIMITS.content}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Creating..." : "Create discussion"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
