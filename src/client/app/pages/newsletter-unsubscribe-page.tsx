import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { UnsubscribePanel } from "../../features/newsletter/components/unsubscribe-panel";
import { usePageTitle } from "../../hooks/use-page-title";

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
