import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/client/components/form/text-field";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { useChangeEmail } from "@/client/features/account/api/change-email";
import { errorMessage } from "@/client/lib/api-client";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { type ChangeEmailInput, changeEmailSchema } from "@/shared/schemas";
import { SettingsSection } from "./settings-section";

const FIELDS = ["email", "currentPassword"] as const;

/**
 * Change email: the current password first (docs/decisions/049), then a link to the new
 * address confirms it; until then nothing changes.
 */
export function EmailSection({ email }: { email: string }) {
  const changeEmail = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: "", currentPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changeEmail.mutateAsync(values);
      reset();
    } catch (error) {
      if (!setServerFieldErrors(error, setError, FIELDS)) toast.error(errorMessage(error));
    }
  });

  const pendingEmail = changeEmail.data?.pendingEmail;

  return (
    <SettingsSection
      id="settings-email"
      title="Email"
      description={
        <>
          You sign in with <strong className="wrap-anywhere text-foreground">{email}</strong>.
        </>
      }
    >
      <div className="grid gap-4">
        {pendingEmail ? (
          <Notice tone="success" role="status">
            <p className="font-medium">Check {pendingEmail} for a confirmation link.</p>
            <p>
              Your email stays {email} until you open that link. We've also let {email} know about
              the change.
            </p>
          </Notice>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-sm">
          {/* For password managers: which account the current password belongs to. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
            hidden
          />
          <TextField
            id="settings-new-email"
            label="New email"
            type="email"
            autoComplete="email"
            hint="We'll send a link to the new address to confirm it's yours."
            error={errors.email?.message}
            {...register("email")}
          />
          <TextField
            id="settings-email-current-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register("currentPassword")}
          />
          <Button type="submit" className="w-fit" disabled={isSubmitting}>
            {isSubmitting ? "Sending link..." : "Change email"}
          </Button>
        </form>
      </div>
    </SettingsSection>
  );
}
