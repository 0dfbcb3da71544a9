import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { PrivacyPolicy } from "@/client/features/privacy/components/privacy-policy";
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
