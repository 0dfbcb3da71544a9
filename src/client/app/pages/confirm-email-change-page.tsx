import { CenteredCard } from "@/client/components/centered-card";
import { ConfirmEmailChangePanel } from "@/client/features/account/components/confirm-email-change-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";
import { useAuth } from "@/client/lib/session/use-auth";

/**
 * Where the link sent to a new email address lands (?token=). Not protected: the link may be
 * opened on a device where nobody is signed in.
 */
export function ConfirmEmailChangePage() {
  usePageTitle("Confirm email change");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { user, refreshSession } = useAuth();

  return (
    <CenteredCard title="Confirm your new email">
      {token ? (
        <ConfirmEmailChangePanel
          token={token}
          signedIn={user !== null}
          onConfirmed={refreshSession}
        />
      ) : (
        <p role="alert" className="text-muted-foreground text-sm">
          This link is incomplete. Please use the link from the email we sent to your new address.
        </p>
      )}
    </CenteredCard>
  );
}
