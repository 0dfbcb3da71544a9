// The pages a mail's unsubscribe link opens, signed in or not: the newsletter's, the notification
// mail's and the digest's (docs/decisions/073). One chunk for both, as the legal pages (decision 030): every
// page downloads the router, and each lazy page adds its own entry to it.
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { DigestUnsubscribePanel } from "@/client/features/digest/components/digest-unsubscribe-panel";
import { UnsubscribePanel as NewsletterUnsubscribePanel } from "@/client/features/newsletter/components/unsubscribe-panel";
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

/** Where the newsletter's welcome email sends someone who wants out. */
export function NewsletterUnsubscribePage() {
  usePageTitle("Unsubscribe from the newsletter");
  return (
    <PageContainer className="max-w-xl">
      <PageHeading>Unsubscribe from the newsletter</PageHeading>
      <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5">
        <NewsletterUnsubscribePanel />
      </div>
    </PageContainer>
  );
}
