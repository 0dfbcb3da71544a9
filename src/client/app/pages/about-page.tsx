import { AboutSection } from "../../features/home/components/about-section";
import { usePageTitle } from "../../hooks/use-page-title";

/** SPEC §2: the about section only, between the layout's header and footer. */
export function AboutPage() {
  usePageTitle("About");
  return <AboutSection headingLevel="h1" />;
}
