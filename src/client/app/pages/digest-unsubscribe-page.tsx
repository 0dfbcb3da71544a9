import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { DigestUnsubscribePanel } from "@/client/features/digest/components/digest-unsubscribe-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";

/** Where the digest mail's unsubscribe link lands; works signed out. */
export function DigestUnsubscribePage() {
  usePageTitle("Unsubscribe from the digest");
  const [params] = useSearchParams();
  return (
    <PageContainer className="max-w-xl">
      <PageHeading>Unsubscribe from the digest</PageHeading>
      <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5">
        <DigestUnsubscribePanel token={params.get("token")} />
      </div>
    </PageContainer>
  );
}
