import { CenteredCard } from "@/client/components/centered-card";
import { ConfirmEmailScreen } from "@/client/features/account/components/confirm-email-screen";
import { ConfirmLinkInvalid } from "@/client/features/account/components/confirm-link-invalid";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";
import { useAuth } from "@/client/lib/session/use-auth";

/** Where the sign-up confirmation link lands (?token=): the password is chosen here. */
export function ConfirmEmailPage() {
  usePageTitle("Confirm your email");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  // Confirming signs the member in: the session cookie is new.
  const { refreshSession } = useAuth();

  return (
    <CenteredCard
      title="Choose your password"
      description="One last step to finish creating your account: choose the password you'll sign in with."
    >
      {token ? (
        <ConfirmEmailScreen token={token} onSignedIn={refreshSession} />
      ) : (
        <ConfirmLinkInvalid />
      )}
    </CenteredCard>
  );
}
