import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { RotatingTextShowcase } from "@/client/features/showcase/components/rotating-text-showcase";
import { usePageTitle } from "@/client/hooks/use-page-title";

export function RotatingTextShowcasePage() {
  usePageTitle("Rotating text showcase");
  return (
    <PageContainer className="max-w-4xl">
      <PageHeading>Rotating Text Showcase</PageHeading>
      <p className="mt-3 text-muted-foreground">
        Five ways to rotate the hero's word. With reduced motion the words change without animating.
      </p>
      <div className="mt-10">
        <RotatingTextShowcase />
      </div>
    </PageContainer>
  );
}
