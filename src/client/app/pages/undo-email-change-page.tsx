import { CenteredCard } from "@/client/components/centered-card";
import { UndoEmailChangePanel } from "@/client/features/account/components/undo-email-change-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";
import { useAuth } from "@/client/lib/session/use-auth";

/**
 * Where the "your email was changed" notice's undo link lands (?token=), rendered on the
 * server so that its form works before (or without) the scripts; the form's answer comes back
 * as ?result= (docs/decisions/049).
 */
export function UndoEmailChangePage() {
  usePageTitle("Undo email change");
  const [params] = useSearchParams();
  // Every session of the account ends, possibly this browser's too.
  const { refreshSession } = useAuth();
  return (
    <CenteredCard title="Undo email change">
      <UndoEmailChangePanel
        token={params.get("token")?.trim() ?? ""}
        result={params.get("result")}
        onUndone={refreshSession}
      />
    </CenteredCard>
  );
}
