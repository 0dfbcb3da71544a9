import { PageContainer } from "../../components/page-container";
import { PageHeading } from "../../components/page-heading";
import { usePageTitle } from "../../hooks/use-page-title";

export function ContactPage() {
  usePageTitle("Contact");
  return (
    <PageContainer>
      <PageHeading>Get in Touch</PageHeading>
    </PageContainer>
  );
}
