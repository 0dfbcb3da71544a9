import { AboutSection } from "@/client/features/home/components/about-section";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** docs/product.md §2: the about section only, between the layout's header and footer. */
export function AboutPage() {
  usePageTitle("About");
  return <AboutSection headingLevel="h1" />;
}
