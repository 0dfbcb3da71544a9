// A visitor's report of a discussion or a reply (docs/decisions/079): an address instead of an
// account. A public form like the contact form: spam defences, and it posts to its own page
// without scripts (docs/decisions/061).
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FieldError } from "@/client/components/form/field-error";
import { Honeypot, useSpamGuard } from "@/client/components/form/spam-guard";
import { TextField } from "@/client/components/form/text-field";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { useSendVisitorReport } from "@/client/features/moderation/api/send-visitor-report";
import { errorMessage } from "@/client/lib/api-client";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type VisitorReportInput,
  type VisitorReportTarget,
  visitorReportSchema,
} from "@/shared/moderation";
import { INTENT_FIELD } from "@/shared/public-forms";
import { HarmKindSelect } from "./harm-kind-select";

const FIELDS = ["email", "reason", "harmKind", "details"] as const;
type Field = (typeof FIELDS)[number];

export function VisitorReportForm({
  targetKind,
  targetId,
}: {
  targetKind: VisitorReportTarget;
  targetId: string;
}) {
  const send = useSendVisitorReport();
  const { honeypotRef, spamFields } = useSpamGuard();
  const posted = usePostedForm("report");
  const action = useFormAction();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useForm<VisitorReportInput>({
    resolver: zodResolver(visitorReportSchema),
    defaultValues: {
      targetKind,
      targetId,
      email: posted && !posted.ok ? (posted.values.email ?? "") : "",
      details: posted && !posted.ok ? (posted.values.details ?? "") : "",
    },
  });
  const shown = submitCount === 0 ? posted : null;
  const fieldError = (name: Field) => errors[name]?.message ?? shown?.fieldErrors[name];
  const sentValue = (name: Field) => (posted && !posted.ok ? (posted.values[name] ?? "") : "");
  const done = send.isSuccess
    ? send.data.message
    : shown?.ok
      ? (shown.answer as { message: string }).message
      : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ ...values, ...spamFields() } as VisitorReportInput);
    } catch (error) {
      // A field's message goes under it; any other shows above the form (send.error).
      setServerFieldErrors(error, setError, FIELDS);
    }
  });

  if (done) {
    return (
      <Notice tone="success" role="status">
        <p>{done}</p>
      </Notice>
    );
  }
  const reasonError = fieldError("reason");
  return (
    <form
      method="post"
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="relative grid gap-5"
    >
      <input type="hidden" name={INTENT_FIELD} value="report" />
      <input type="hidden" {...register("targetKind")} />
      <input type="hidden" {...register("targetId")} />
      <Honeypot inputRef={honeypotRef} />
      {postedFormError(shown) || send.isError ? (
        <Notice tone="error" role="alert">
          <p>{postedFormError(shown) ?? errorMessage(send.error)}</p>
        </Notice>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="report-reason">Reason</Label>
        <NativeSelect
          id="report-reason"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? "report-reason-error" : undefined}
          defaultValue={sentValue("reason")}
          {...register("reason")}
        >
          <option value="">Choose a reason</option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REPORT_REASON_LABELS[reason]}
            </option>
          ))}
        </NativeSelect>
        {reasonError ? <FieldError id="report-reason-error">{reasonError}</FieldError> : null}
      </div>
      <HarmKindSelect
        id="report-harm-kind"
        error={fieldError("harmKind")}
        defaultValue={sentValue("harmKind")}
        {...register("harmKind", { setValueAs: (value: string) => value || undefined })}
      />
      <p className="-mt-3 text-muted-foreground text-sm">
        Choose the kind when the reason is illegal content.
      </p>
      <TextField
        id="report-email"
        label="Your email"
        type="email"
        autoComplete="email"
        required
        error={fieldError("email")}
        defaultValue={sentValue("email")}
        {...register("email")}
      />
      <TextareaField
        id="report-details"
        label="Details (optional)"
        rows={4}
        maxLength={REPORT_DETAILS_MAX}
        error={fieldError("details")}
        defaultValue={sentValue("details")}
        {...register("details")}
      />
      <Button type="submit" className="w-fit" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send report"}
      </Button>
    </form>
  );
}
