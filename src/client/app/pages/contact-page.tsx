import { ContactSection } from "../../features/contact/components/contact-section";
import { usePageTitle } from "../../hooks/use-page-title";

/** SPEC §2 /contact: the contact form only, between the layout's header and footer. */
export function ContactPage() {
  usePageTitle("Contact");
  return <ContactSection headingLevel="h1" />;
}
