import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { HeaderShowcase } from "@/client/features/showcase/components/header-showcase";
import { usePageTitle } from "@/client/hooks/use-page-title";

export function HeaderShowcasePage() {
  usePageTitle("Header showcase");
  return (
    <PageContainer className="max-w-5xl">
      <PageHeading>Header Showcase</PageHeading>
      <p className="mt-3 text-muted-foreground">
        Ten header designs with the site's navigation. Pick the one you like best.
      </p>
      <div className="mt-10">
        <HeaderShowcase />
      </div>
    </PageContainer>
  );
}
