import { CenteredCard } from "@/client/components/centered-card";
import { ConfirmRequestPanel } from "@/client/features/data-request/components/confirm-request-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";

/** Where a data request's confirmation link lands (?token=); works signed out. */
export function DataRequestConfirmPage() {
  usePageTitle("Confirm your data request");
  const [params] = useSearchParams();
  return (
    <CenteredCard title="Confirm your data request">
      <ConfirmRequestPanel token={params.get("token")?.trim() ?? ""} />
    </CenteredCard>
  );
}
