import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/client/components/form/text-field";
import { Button } from "@/client/components/ui/button";
import { useResetPassword } from "@/client/features/account/api/reset-password";
import { isInvalidLinkError } from "@/client/features/account/lib/invalid-link";
import { errorMessage } from "@/client/lib/api-client";
import { useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { LIMITS } from "@/shared/constants";
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
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

  if (resetPassword.isError && isInvalidLinkError(resetPassword.error)) return <ResetLinkInvalid />;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id="reset-password-new"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters. You will be signed out everywhere and can then sign in with it.`}
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
