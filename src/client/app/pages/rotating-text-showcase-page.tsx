import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function RotatingTextShowcasePage() {
  usePageTitle("Rotating text showcase");
  return (
    <PageContainer>
      <PageHeading>Rotating Text Showcase</PageHeading>
    </PageContainer>
  );
}
