// The legal pages: the privacy policy and the Terms of Service (docs/decisions/030). One chunk
// for both, so the router that every page downloads names one more page for a few bytes.
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { PrivacyPolicy } from "@/client/features/privacy/components/privacy-policy";
import { TermsOfService } from "@/client/features/site-pages/components/terms-of-service";
import { usePageTitle } from "@/client/hooks/use-page-title";

export function PrivacyPage() {
  usePageTitle("Privacy policy");
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading>Privacy Policy</PageHeading>
      <p className="mt-3 text-muted-foreground">
        How we collect, use and protect your personal data.
      </p>
      <div className="mt-10">
        <PrivacyPolicy />
      </div>
    </PageContainer>
  );
}

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
