import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/client/components/form/text-field";
import { Link } from "@/client/components/link";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useResetPassword } from "@/client/features/account/api/reset-password";
import { INVALID_TOKEN, isInvalidLinkError } from "@/client/features/account/lib/invalid-link";
import { errorMessage } from "@/client/lib/api-client";
import { useNavigate } from "@/client/lib/location";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { paths } from "@/client/lib/paths";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { LIMITS } from "@/shared/constants";
import { INTENT_FIELD } from "@/shared/public-forms";
import { resetPasswordSchema } from "@/shared/schemas";
import { InvalidLinkNotice } from "./invalid-link-notice";

// The token comes from the link, not from a field.
const formSchema = resetPasswordSchema.pick({ newPassword: true });
type ResetPasswordFields = z.infer<typeof formSchema>;

export function ResetLinkInvalid() {
  return (
    <InvalidLinkNotice action={{ to: paths.forgotPassword, label: "Request a new link" }}>
      <p>A reset link works once, for 1 hour.</p>
    </InvalidLinkNotice>
  );
}

type ResetPasswordFormProps = {
  token: string;
  /** Runs after the password changed (every session has ended), before going to sign in. */
  onPasswordReset: () => Promise<void>;
};

export function ResetPasswordForm({ token, onPasswordReset }: ResetPasswordFormProps) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  // The server's answer to this form sent without scripts (docs/decisions/061).
  const posted = usePostedForm("reset-password");
  const action = useFormAction();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<ResetPasswordFields>({
    resolver: zodResolver(formSchema),
    defaultValues: { newPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await resetPassword.mutateAsync({ token, newPassword });
    } catch (error) {
      if (isInvalidLinkError(error)) return;
      if (!setServerFieldErrors(error, setError, ["newPassword"])) {
        toast.error(errorMessage(error));
      }
      return;
    }
    await onPasswordReset();
    toast.success("Password updated", {
      description: "You can now sign in with your new password.",
    });
    await navigate(paths.auth, { replace: true });
  });

  const shown = submitCount === 0 ? posted : null;
  if (resetPassword.isError && isInvalidLinkError(resetPassword.error)) return <ResetLinkInvalid />;
  if (shown?.code === INVALID_TOKEN || shown?.fieldErrors.token) return <ResetLinkInvalid />;
  if (shown?.ok) {
    // Without scripts there is no toast and no move: the page says it, and links on.
    return (
      <div className="grid gap-4">
        <Notice tone="success" role="status">
          <p className="font-medium">Password updated</p>
          <p>You can now sign in with your new password.</p>
        </Notice>
        <Link to={paths.auth} className={buttonVariants()}>
          Go to sign in
        </Link>
      </div>
    );
  }

  return (
    // POST: sent before the scripts start (or without them), the server answers (decision 061).
    <form method="post" action={action} onSubmit={onSubmit} noValidate className="grid gap-4">
      <input type="hidden" name={INTENT_FIELD} value="reset-password" />
      <input type="hidden" name="token" value={token} />
      {postedFormError(shown) ? (
        <Notice tone="error" role="alert">
          <p>{postedFormError(shown)}</p>
        </Notice>
      ) : null}
      <TextField
        id="reset-password-new"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters. You will be signed out everywhere and can then sign in with it.`}
        error={errors.newPassword?.message ?? shown?.fieldErrors.newPassword}
        {...register("newPassword")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
