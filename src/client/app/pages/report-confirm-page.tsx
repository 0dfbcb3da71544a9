import { CenteredCard } from "@/client/components/centered-card";
import { ConfirmReportPanel } from "@/client/features/moderation/components/confirm-report-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";

/** Where a visitor's report's confirmation link lands (?token=); works signed out. */
export function ReportConfirmPage() {
  usePageTitle("Confirm your report");
  const [params] = useSearchParams();
  return (
    <CenteredCard title="Confirm your report">
      <ConfirmReportPanel token={params.get("token")?.trim() ?? ""} />
    </CenteredCard>
  );
}
