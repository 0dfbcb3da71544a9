import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { TermsOfService } from "@/client/features/site-pages/components/terms-of-service";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** /terms: the Terms of Service, written by staff in the CMS (docs/decisions/030). */
export function TermsPage() {
  usePageTitle("Terms of Service");
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading>Terms of Service</PageHeading>
      <div className="mt-3">
        <TermsOfService />
      </div>
    </PageContainer>
  );
}
