import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FieldError } from "@/client/components/form/field-error";
import { Honeypot, useSpamGuard } from "@/client/components/form/spam-guard";
import { TextField } from "@/client/components/form/text-field";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";
import { useSubmitDataRequest } from "@/client/features/data-request/api/submit-data-request";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { useAuth } from "@/client/lib/session/use-auth";
import { toast } from "@/client/lib/toast";
import { DATA_REQUEST_RESPONSE_DAYS, DATA_REQUEST_TYPES } from "@/shared/constants";
import { type DataRequestInput, dataRequestSchema } from "@/shared/schemas";

type FormValues = z.input<typeof dataRequestSchema>;

const FIELDS = ["requestType", "email", "fullName", "details"] as const;
const EMPTY = { email: "", fullName: "", details: "" } as const;

/** docs/product.md §2 data request form: submit stays disabled until type, email and name are filled. */
export function DataRequestForm() {
  const { user, profile } = useAuth();
  const submit = useSubmitDataRequest();
  const { honeypotRef, spamFields } = useSpamGuard();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, DataRequestInput>({
    resolver: zodResolver(dataRequestSchema),
    defaultValues: EMPTY,
  });
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
      reset({ ...EMPTY, requestType: undefined });
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      toast.error("Failed to submit your request. Please try again or contact us directly.");
    }
  });

  return (
    // POST: a submit before the scripts have started must not put the fields in the address.
    <form method="post" onSubmit={onSubmit} noValidate className="relative grid gap-5">
      <Honeypot inputRef={honeypotRef} />
      <div className="grid gap-2">
        <Label htmlFor="data-request-type">Request type</Label>
        <Controller
          control={control}
          name="requestType"
          render={({ field }) => (
            <Select value={field.value ?? ""} onValueChange={field.onChange}>
              <SelectTrigger
                id="data-request-type"
                ref={field.ref}
                onBlur={field.onBlur}
                aria-invalid={errors.requestType ? true : undefined}
                aria-describedby={errors.requestType ? "data-request-type-error" : undefined}
              >
                <SelectValue placeholder="Choose what you would like us to do" />
              </SelectTrigger>
              <SelectContent>
                {DATA_REQUEST_TYPES.map((type) => (
                  <SelectItem key={type.value} value={type.value}>
                    {type.label} ({type.article})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {errors.requestType ? (
          <FieldError id="data-request-type-error">{errors.requestType.message}</FieldError>
        ) : null}
      </div>
      <TextField
        id="data-request-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        id="data-request-name"
        label="Full name"
        autoComplete="name"
        required
        error={errors.fullName?.message}
        {...register("fullName")}
      />
      <TextareaField
        id="data-request-details"
        label="Additional details (optional)"
        rows={5}
        placeholder="Anything that helps us find your data or understand your request"
        error={errors.details?.message}
        {...register("details")}
      />
      <Button
        type="submit"
        size="lg"
        disabled={!filled || submit.isPending}
        aria-describedby={filled ? undefined : "data-request-missing"}
      >
        {submit.isPending ? "Submitting..." : "Submit Request"}
      </Button>
      {filled ? null : (
        <p id="data-request-missing" className="text-muted-foreground text-sm">
          To submit, fill in {missing.join(", ").replace(/, ([^,]*)$/, " and $1")}.
        </p>
      )}
    </form>
  );
}
