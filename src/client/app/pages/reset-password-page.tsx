import { CenteredCard } from "@/client/components/centered-card";
import {
  ResetLinkInvalid,
  ResetPasswordForm,
} from "@/client/features/account/components/reset-password-form";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";
import { useAuth } from "@/client/lib/session/use-auth";

/** Where a password reset link lands (?token=). */
export function ResetPasswordPage() {
  usePageTitle("Reset password");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  // Every session of the account has ended, possibly this browser's too.
  const { refreshSession } = useAuth();

  return (
    <CenteredCard
      title="Choose a new password"
      description="Pick a new password for your account. Afterwards you'll be signed out everywhere and can sign in with it."
    >
      {token ? (
        <ResetPasswordForm token={token} onPasswordReset={refreshSession} />
      ) : (
        <ResetLinkInvalid />
      )}
    </CenteredCard>
  );
}
