import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { TextField } from "@/client/components/form/text-field";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { useChangeEmail } from "@/client/features/account/api/change-email";
import { usePasskeys } from "@/client/features/account/api/get-passkeys";
import { useTwoFactorStatus } from "@/client/features/account/api/two-factor-status";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { confirmWithPasskey } from "@/client/lib/confirm-with-passkey";
import { passkeyPromptMessage } from "@/client/lib/passkey-prompt-message";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { type ChangeEmailInput, changeEmailSchema } from "@/shared/schemas";
import { totpCodeSchema } from "@/shared/second-factor";
import { SettingsSection } from "./settings-section";

const FIELDS = ["email", "currentPassword", "code"] as const;

type EmailForm = ChangeEmailInput & { code?: string };

/**
 * Change email: the current password first (docs/decisions/049), and a member with a second
 * factor confirms with it too (a code from the app, or a passkey: decision 063); then a link to
 * the new address confirms it; until then nothing changes.
 */
export function EmailSection({ email }: { email: string }) {
  const changeEmail = useChangeEmail();
  const app = useTwoFactorStatus().data?.enabled === true;
  const hasPasskey = (usePasskeys().data?.passkeys.length ?? 0) > 0;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailForm>({
    resolver: zodResolver(
      changeEmailSchema.extend({ code: totpCodeSchema.or(z.literal("")).optional() }),
    ),
    defaultValues: { email: "", currentPassword: "", code: "" },
  });

  const onSubmit = handleSubmit(async ({ code, ...values }) => {
    try {
      // The app's code when given; else the passkey, when the member has one.
      const passkey = !code && hasPasskey ? await confirmWithPasskey() : undefined;
      await changeEmail.mutateAsync({ ...values, code: code || undefined, passkey });
      reset();
    } catch (error) {
      if (!(error instanceof ApiError)) toast.error(passkeyPromptMessage(error));
      else if (!setServerFieldErrors(error, setError, FIELDS)) toast.error(errorMessage(error));
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
          {app ? (
            <TextField
              id="settings-email-code"
              label="Code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              hint={hasPasskey ? "Or leave it empty to confirm with your passkey." : undefined}
              error={errors.code?.message}
              {...register("code")}
            />
          ) : hasPasskey ? (
            <p className="text-muted-foreground text-xs">Your passkey confirms the change.</p>
          ) : null}
          <Button type="submit" className="w-fit" disabled={isSubmitting}>
            {isSubmitting ? "Sending link..." : "Change email"}
          </Button>
        </form>
      </div>
    </SettingsSection>
  );
}
