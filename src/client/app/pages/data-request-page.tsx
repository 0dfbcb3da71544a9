import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function DataRequestPage() {
  usePageTitle("Data request");
  return (
    <PageContainer>
      <PageHeading>Data Protection Request</PageHeading>
    </PageContainer>
  );
}
