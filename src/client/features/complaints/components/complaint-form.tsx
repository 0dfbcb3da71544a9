// Anyone's complaint (docs/decisions/081): about content, a moderation decision or how the site
// meets its duties. A public form like the report form: spam defences, and it posts to its own
// page without scripts (docs/decisions/061). A signed-in member's complaint goes to their
// account's address, so they are not asked for one.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FieldError } from "@/client/components/form/field-error";
import { Honeypot, useSpamGuard } from "@/client/components/form/spam-guard";
import { TextField } from "@/client/components/form/text-field";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Link } from "@/client/components/link";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { useSendComplaint } from "@/client/features/complaints/api/send-complaint";
import { errorMessage } from "@/client/lib/api-client";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { paths } from "@/client/lib/paths";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import {
  COMPLAINT_KIND_LABELS,
  COMPLAINT_KINDS,
  COMPLAINT_MESSAGE_MAX,
  type ComplaintAnswer,
  type ComplaintInput,
  type ComplaintKind,
  complaintSchema,
} from "@/shared/complaints";
import { LIMITS } from "@/shared/limits";
import { INTENT_FIELD } from "@/shared/public-forms";

const FIELDS = ["kind", "email", "link", "message"] as const;
type Field = (typeof FIELDS)[number];

export function ComplaintForm({
  signedInEmail,
  kind,
}: {
  /** The member's address when signed in: their complaint goes there. */
  signedInEmail: string | null;
  /** The kind chosen already (`?kind=`), if any. */
  kind: ComplaintKind | null;
}) {
  const send = useSendComplaint();
  const { honeypotRef, spamFields } = useSpamGuard();
  const posted = usePostedForm("complaint");
  const action = useFormAction();
  const refused = posted && !posted.ok ? posted.values : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useForm<ComplaintInput>({
    resolver: zodResolver(complaintSchema),
    defaultValues: {
      kind: (refused?.kind as ComplaintKind | undefined) ?? kind ?? undefined,
      email: refused?.email ?? "",
      link: refused?.link ?? "",
      message: refused?.message ?? "",
    },
  });
  const shown = submitCount === 0 ? posted : null;
  const fieldError = (name: Field) => errors[name]?.message ?? shown?.fieldErrors[name];
  const sentValue = (name: Field) => refused?.[name] ?? "";
  const done: ComplaintAnswer | null = send.isSuccess
    ? send.data
    : shown?.ok
      ? (shown.answer as ComplaintAnswer)
      : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ ...values, ...spamFields() } as ComplaintInput);
    } catch (error) {
      // A field's message goes under it; any other shows above the form (send.error).
      setServerFieldErrors(error, setError, FIELDS);
    }
  });

  if (done) {
    return (
      <Notice tone="success" role="status">
        <p>{done.message}</p>
        {done.appeal ? (
          <p className="mt-2">
            {done.appeal}{" "}
            <Link to={paths.notifications} className="font-medium underline underline-offset-2">
              Go to your notifications
            </Link>
          </p>
        ) : null}
      </Notice>
    );
  }
  const kindError = fieldError("kind");
  return (
    <form
      method="post"
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="relative grid gap-5"
    >
      <input type="hidden" name={INTENT_FIELD} value="complaint" />
      <Honeypot inputRef={honeypotRef} />
      {postedFormError(shown) || send.isError ? (
        <Notice tone="error" role="alert">
          <p>{postedFormError(shown) ?? errorMessage(send.error)}</p>
        </Notice>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="complaint-kind">What is your complaint about?</Label>
        <NativeSelect
          id="complaint-kind"
          aria-invalid={kindError ? true : undefined}
          aria-describedby={kindError ? "complaint-kind-error" : undefined}
          defaultValue={sentValue("kind") || kind || ""}
          {...register("kind")}
        >
          <option value="">Choose one</option>
          {COMPLAINT_KINDS.map((value) => (
            <option key={value} value={value}>
              {COMPLAINT_KIND_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        {kindError ? <FieldError id="complaint-kind-error">{kindError}</FieldError> : null}
      </div>
      {signedInEmail ? (
        <p className="text-muted-foreground text-sm">
          We will write to your account's address, {signedInEmail}.
        </p>
      ) : (
        <TextField
          id="complaint-email"
          label="Your email"
          type="email"
          autoComplete="email"
          required
          hint="We send the acknowledgement and the outcome here."
          error={fieldError("email")}
          defaultValue={sentValue("email")}
          {...register("email")}
        />
      )}
      <TextField
        id="complaint-link"
        label="Link to the content or decision (optional)"
        type="text"
        inputMode="url"
        maxLength={LIMITS.url}
        error={fieldError("link")}
        defaultValue={sentValue("link")}
        {...register("link")}
      />
      <TextareaField
        id="complaint-message"
        label="Your complaint"
        rows={6}
        required
        maxLength={COMPLAINT_MESSAGE_MAX}
        error={fieldError("message")}
        defaultValue={sentValue("message")}
        {...register("message")}
      />
      <Button type="submit" className="w-fit" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send complaint"}
      </Button>
    </form>
  );
}
