import { CenteredCard } from "@/client/components/centered-card";
import { TwoFactorResetPanel } from "@/client/features/account/components/two-factor-reset-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";

/** Where the admin-started two-factor reset link lands (?token=); works signed out. */
export function TwoFactorResetPage() {
  usePageTitle("Reset two-factor authentication");
  const [params] = useSearchParams();
  return (
    <CenteredCard title="Reset two-factor authentication">
      <TwoFactorResetPanel token={params.get("token")?.trim() ?? ""} />
    </CenteredCard>
  );
}
