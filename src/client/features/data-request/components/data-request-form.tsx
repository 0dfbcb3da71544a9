import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FieldError } from "@/client/components/form/field-error";
import { Honeypot, useSpamGuard } from "@/client/components/form/spam-guard";
import { TextField } from "@/client/components/form/text-field";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { useSubmitDataRequest } from "@/client/features/data-request/api/submit-data-request";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { useHydrating } from "@/client/lib/render-time";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { useAuth } from "@/client/lib/session/use-auth";
import { toast } from "@/client/lib/toast";
import { DATA_REQUEST_RESPONSE_DAYS, DATA_REQUEST_TYPES } from "@/shared/constants";
import { INTENT_FIELD } from "@/shared/public-forms";
import { type DataRequestInput, dataRequestSchema } from "@/shared/schemas";

type FormValues = z.input<typeof dataRequestSchema>;

const FIELDS = ["requestType", "email", "fullName", "details"] as const;
const EMPTY = { email: "", fullName: "", details: "" } as const;

/** docs/product.md §2 data request form: submit stays disabled until type, email and name are filled. */
export function DataRequestForm() {
  const { user, profile } = useAuth();
  const submit = useSubmitDataRequest();
  const { honeypotRef, spamFields } = useSpamGuard();
  // The server's answer to this form sent without scripts (docs/decisions/061): a refused
  // request comes back filled in with its errors; a kept one says so until the next send.
  const posted = usePostedForm("data-request");
  const action = useFormAction();
  const hydrating = useHydrating();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors, submitCount },
  } = useForm<FormValues, unknown, DataRequestInput>({
    resolver: zodResolver(dataRequestSchema),
    defaultValues:
      posted && !posted.ok
        ? ({ ...EMPTY, ...posted.values } as FormValues)
        : { ...EMPTY, requestType: "" as FormValues["requestType"] },
  });
  const shown = submitCount === 0 ? posted : null;
  const fieldError = (name: (typeof FIELDS)[number]) =>
    errors[name]?.message ?? shown?.fieldErrors[name];
  const requestTypeError = fieldError("requestType");
  // In the server's HTML too (register() gives the browser its values by ref, after).
  const sentValue = (name: (typeof FIELDS)[number]) =>
    posted && !posted.ok ? (posted.values[name] ?? "") : "";
  const [requestType, email, fullName] = useWatch({
    control,
    name: ["requestType", "email", "fullName"],
  });
  const filled = Boolean(requestType) && Boolean(email?.trim()) && Boolean(fullName?.trim());
  // Issue 21: a disabled Submit says what it waits for.
  const missing = [
    requestType ? null : "the request type",
    email?.trim() ? null : "your email",
    fullName?.trim() ? null : "your full name",
  ].filter(Boolean);

  // A signed-in member's address and name, unless they already typed something else.
  useEffect(() => {
    if (user && !getValues("email")) setValue("email", user.email);
    if (profile?.fullName && !getValues("fullName")) setValue("fullName", profile.fullName);
  }, [user, profile, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submit.mutateAsync({ ...values, ...spamFields() });
      toast.success("Request Submitted", {
        description: `We will respond to your request within ${DATA_REQUEST_RESPONSE_DAYS} days.`,
      });
      reset({ ...EMPTY, requestType: "" as FormValues["requestType"] });
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      toast.error("Failed to submit your request. Please try again or contact us directly.");
    }
  });

  return (
    // POST: a submit before the scripts have started must not put the fields in the address.
    <form
      method="post"
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="relative grid gap-5"
    >
      <input type="hidden" name={INTENT_FIELD} value="data-request" />
      <Honeypot inputRef={honeypotRef} />
      {shown?.ok ? (
        <Notice tone="success" role="status">
          <p className="font-medium">Request Submitted</p>
          <p>We will respond to your request within {DATA_REQUEST_RESPONSE_DAYS} days.</p>
        </Notice>
      ) : null}
      {postedFormError(shown) ? (
        <Notice tone="error" role="alert">
          <p>{postedFormError(shown)}</p>
        </Notice>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="data-request-type">Request type</Label>
        {/* The browser's own select: it works before the scripts start, and without them. */}
        <NativeSelect
          id="data-request-type"
          aria-invalid={requestTypeError ? true : undefined}
          aria-describedby={requestTypeError ? "data-request-type-error" : undefined}
          defaultValue={sentValue("requestType")}
          {...register("requestType")}
        >
          <option value="" disabled>
            Choose what you would like us to do
          </option>
          {DATA_REQUEST_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label} ({type.article})
            </option>
          ))}
        </NativeSelect>
        {requestTypeError ? (
          <FieldError id="data-request-type-error">{requestTypeError}</FieldError>
        ) : null}
      </div>
      <TextField
        id="data-request-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={fieldError("email")}
        defaultValue={sentValue("email")}
        {...register("email")}
      />
      <TextField
        id="data-request-name"
        label="Full name"
        autoComplete="name"
        required
        error={fieldError("fullName")}
        defaultValue={sentValue("fullName")}
        {...register("fullName")}
      />
      <TextareaField
        id="data-request-details"
        label="Additional details (optional)"
        rows={5}
        placeholder="Anything that helps us find your data or understand your request"
        error={fieldError("details")}
        defaultValue={sentValue("details")}
        {...register("details")}
      />
      <Button
        type="submit"
        size="lg"
        // Enabled in the server's HTML: without scripts the form is sent as it is.
        disabled={(!hydrating && !filled) || submit.isPending}
        aria-describedby={filled || hydrating ? undefined : "data-request-missing"}
      >
        {submit.isPending ? "Submitting..." : "Submit Request"}
      </Button>
      {filled || hydrating ? null : (
        <p id="data-request-missing" className="text-muted-foreground text-sm">
          To submit, fill in {missing.join(", ").replace(/, ([^,]*)$/, " and $1")}.
        </p>
      )}
    </form>
  );
}
