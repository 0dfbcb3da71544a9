import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { LIMITS } from "../../../../shared/constants";
import { confirmEmailSchema } from "../../../../shared/schemas";
import { TextField } from "../../../components/form/text-field";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { setServerFieldErrors } from "../../../lib/server-field-errors";
import { toast } from "../../../lib/toast";
import { useConfirmEmail } from "../api/confirm-email";
import { isInvalidLinkError } from "../lib/invalid-link";
import { InvalidLinkNotice } from "./invalid-link-notice";

// The token comes from the link, not from a field.
const formSchema = confirmEmailSchema.pick({ password: true });
type ConfirmEmailFields = z.infer<typeof formSchema>;

const linkClass = "rounded-sm font-medium text-primary underline underline-offset-4";

export function ConfirmLinkInvalid() {
  return (
    <InvalidLinkNotice>
      <p>
        A confirmation link stops working once it has been used or a newer one has been sent, so use
        the link in the most recent email. To get a new one, try to{" "}
        <Link to={paths.auth} className={linkClass}>
          sign in
        </Link>{" "}
        and choose "Resend confirmation email", or sign up again with the same address.
      </p>
    </InvalidLinkNotice>
  );
}

type ConfirmEmailFormProps = {
  token: string;
  /** Runs once the account is confirmed and the session cookie set: read the session again. */
  onSignedIn: () => Promise<void>;
};

/**
 * The last step of signing up. Only someone who holds the inbox gets here, so the password
 * chosen here is the one that counts; whatever was typed at sign-up is not used.
 */
export function ConfirmEmailForm({ token, onSignedIn }: ConfirmEmailFormProps) {
  const navigate = useNavigate();
  const confirmEmail = useConfirmEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmEmailFields>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: "" },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await confirmEmail.mutateAsync({ token, password });
    } catch (error) {
      if (isInvalidLinkError(error)) return;
      if (!setServerFieldErrors(error, setError, ["password"])) toast.error(errorMessage(error));
      return;
    }
    await onSignedIn();
    toast.success("Email confirmed", { description: "Welcome! You're now signed in." });
    await navigate(paths.home, { replace: true });
  });

  if (confirmEmail.isError && isInvalidLinkError(confirmEmail.error)) {
    return <ConfirmLinkInvalid />;
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id="confirm-email-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters. This becomes your account's password: use it to sign in from now on.`}
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Confirming..." : "Confirm and sign in"}
      </Button>
    </form>
  );
}
