import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { ConfirmPanel } from "@/client/features/newsletter/components/confirm-panel";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** Where the newsletter's confirmation email sends the address's owner. */
export function NewsletterConfirmPage() {
  usePageTitle("Confirm your subscription");
  return (
    <PageContainer className="max-w-xl">
      <PageHeading>Confirm your subscription</PageHeading>
      <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5">
        <ConfirmPanel />
      </div>
    </PageContainer>
  );
}
