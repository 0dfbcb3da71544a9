import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { DATA_REQUEST_RESPONSE_DAYS, DATA_REQUEST_TYPES } from "../../../../shared/constants";
import { type DataRequestInput, dataRequestSchema } from "../../../../shared/schemas";
import { FieldError } from "../../../components/form/field-error";
import { TextField } from "../../../components/form/text-field";
import { TextareaField } from "../../../components/form/textarea-field";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "../../../components/ui/select";
import { setServerFieldErrors } from "../../../lib/server-field-errors";
import { useAuth } from "../../../lib/session/use-auth";
import { toast } from "../../../lib/toast";
import { useSubmitDataRequest } from "../api/submit-data-request";

type FormValues = z.input<typeof dataRequestSchema>;

const FIELDS = ["requestType", "email", "fullName", "details"] as const;
const EMPTY = { email: "", fullName: "", details: "" } as const;

/** SPEC §2 data request form: submit stays disabled until type, email and name are filled. */
export function DataRequestForm() {
  const { user, profile } = useAuth();
  const submit = useSubmitDataRequest();
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

  // A signed-in member's address and name, unless they already typed something else.
  useEffect(() => {
    if (user && !getValues("email")) setValue("email", user.email);
    if (profile?.fullName && !getValues("fullName")) setValue("fullName", profile.fullName);
  }, [user, profile, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submit.mutateAsync(values);
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
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
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
      <Button type="submit" size="lg" disabled={!filled || submit.isPending}>
        {submit.isPending ? "Submitting..." : "Submit Request"}
      </Button>
    </form>
  );
}
