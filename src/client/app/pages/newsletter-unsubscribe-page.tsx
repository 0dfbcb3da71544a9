import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { UnsubscribePanel } from "@/client/features/newsletter/components/unsubscribe-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** Where the newsletter's welcome email sends someone who wants out. */
export function NewsletterUnsubscribePage() {
  usePageTitle("Unsubscribe from the newsletter");
  return (
    <PageContainer className="max-w-xl">
      <PageHeading>Unsubscribe from the newsletter</PageHeading>
      <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5">
        <UnsubscribePanel />
      </div>
    </PageContainer>
  );
}
