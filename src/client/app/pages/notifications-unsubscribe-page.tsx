import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { UnsubscribePanel } from "@/client/features/notifications/components/unsubscribe-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";

/** Where a notification email's unsubscribe link lands; works signed out. */
export function NotificationsUnsubscribePage() {
  usePageTitle("Unsubscribe from notification emails");
  const [params] = useSearchParams();
  return (
    <PageContainer className="max-w-xl">
      <PageHeading>Unsubscribe from notification emails</PageHeading>
      <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5">
        <UnsubscribePanel token={params.get("token")} />
      </div>
    </PageContainer>
  );
}
