import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { PrivacyPolicy } from "../../features/privacy/components/privacy-policy";
import { usePageTitle } from "../../hooks/use-page-title";

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
