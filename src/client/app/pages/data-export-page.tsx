import { CenteredCard } from "@/client/components/centered-card";
import { ExportDownloadPanel } from "@/client/features/member-data/components/export-download-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";
import { useAuth } from "@/client/lib/session/use-auth";

/** Where the "your data is ready" email's link lands (?token=); docs/product.md §2.14. */
export function DataExportPage() {
  usePageTitle("Download your data");
  const [params] = useSearchParams();
  const { user, loading } = useAuth();
  return (
    <CenteredCard title="Your data is ready">
      {loading ? (
        <p role="status" className="text-muted-foreground text-sm">
          Loading...
        </p>
      ) : (
        <ExportDownloadPanel token={params.get("token")?.trim() ?? ""} signedIn={user !== null} />
      )}
    </CenteredCard>
  );
}
