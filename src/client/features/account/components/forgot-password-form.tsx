import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/client/components/form/text-field";
import { Link } from "@/client/components/link";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useRequestPasswordReset } from "@/client/features/account/api/request-password-reset";
import { errorMessage } from "@/client/lib/api-client";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { paths } from "@/client/lib/paths";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { INTENT_FIELD } from "@/shared/public-forms";
import { type EmailOnlyInput, emailOnlySchema } from "@/shared/schemas";

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  // The server's answer to this form sent without scripts (docs/decisions/061), until the
  // form is sent again.
  const postedWithPage = usePostedForm("forgot-password");
  const [posted, setPosted] = useState(postedWithPage);
  const action = useFormAction();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmailOnlyInput>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: posted?.values.email ?? "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setPosted(null);
    try {
      await requestReset.mutateAsync(values);
    } catch (error) {
      // 429 carries the server's own "wait a while" message.
      if (!setServerFieldErrors(error, setError, ["email"])) toast.error(errorMessage(error));
    }
  });

  if (requestReset.isSuccess || posted?.ok) {
    return (
      <div className="grid gap-4">
        <Notice tone="success" role="status">
          <p>
            If an account exists for that address, we've sent a link to reset your password. The
            link is valid for 1 hour.
          </p>
        </Notice>
        <p className="text-muted-foreground text-sm">
          Nothing arrived after a few minutes? Check your spam folder, or{" "}
          <button
            type="button"
            className="rounded-sm text-primary underline-offset-4 hover:underline"
            onClick={() => {
              requestReset.reset();
              setPosted(null);
            }}
          >
            try again
          </button>
          .
        </p>
        <Link to={paths.auth} className={buttonVariants({ variant: "outline" })}>
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    // POST: sent before the scripts start (or without them), the server answers (decision 061).
    <form method="post" action={action} onSubmit={onSubmit} noValidate className="grid gap-4">
      <input type="hidden" name={INTENT_FIELD} value="forgot-password" />
      {postedFormError(posted) ? (
        <Notice tone="error" role="alert">
          <p>{postedFormError(posted)}</p>
        </Notice>
      ) : null}
      <TextField
        id="forgot-password-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message ?? posted?.fieldErrors.email}
        defaultValue={posted?.values.email}
        {...register("email")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send reset link"}
      </Button>
      <Link
        to={paths.auth}
        className="w-fit justify-self-center rounded-sm text-primary text-sm underline-offset-4 hover:underline"
      >
        Back to sign in
      </Link>
    </form>
  );
}
