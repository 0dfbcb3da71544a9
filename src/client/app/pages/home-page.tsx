import { Suspense } from "react";
import { HeroSection } from "@/client/features/home/components/hero-section";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { lazyComponent } from "@/client/lib/lazy-component";

// Only the hero comes with the first download; the sections below it and the cookie banner load
// right after, in a chunk of their own, which keeps the first download under the home page's
// 100 KB budget (npm run bench:size).
const HomeBelowTheHero = lazyComponent(() => import("./home-below-the-hero"), "HomeBelowTheHero");

/** docs/product.md §2 Home: hero, categories, about, contact, latest posts, newsletter, cookie banner. */
export function HomePage() {
  usePageTitle();
  return (
    <>
      <HeroSection />
      <Suspense fallback={<div className="min-h-dvh" />}>
        <HomeBelowTheHero />
      </Suspense>
    </>
  );
}
