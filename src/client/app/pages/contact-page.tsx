import { ContactSection } from "@/client/features/contact/components/contact-section";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** docs/product.md §2 /contact: the contact form only, between the layout's header and footer. */
export function ContactPage() {
  usePageTitle("Contact");
  return <ContactSection headingLevel="h1" />;
}
