// The legal pages: the privacy policy, the Terms of Service (docs/decisions/030) and Online
// safety (decision 080), in one chunk; routed by secondary-routes.tsx (decision 083).
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { PublicOnlineSafety } from "@/client/features/online-safety/components/public-online-safety";
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

/** /online-safety: reporting, complaints, who is accountable and the figures (decision 080). */
export function OnlineSafetyPage() {
  usePageTitle("Online safety");
  return (
    <PageContainer className="max-w-4xl">
      <PageHeading>Online safety</PageHeading>
      <p className="mt-3 text-muted-foreground">
        How to tell us about harmful or illegal content, how to complain, who is accountable, and
        what our moderators did each month.
      </p>
      <PublicOnlineSafety />
    </PageContainer>
  );
}
