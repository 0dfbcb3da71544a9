import { useEffect } from "react";
import { LatestPostsSection } from "@/client/features/blog/components/latest-posts-section";
import { ContactSection } from "@/client/features/contact/components/contact-section";
import { CookieConsentGate } from "@/client/features/cookie-consent/components/cookie-consent-gate";
import { AboutSection } from "@/client/features/home/components/about-section";
import { CategoriesSection } from "@/client/features/home/components/categories-section";
import { NewsletterSignup } from "@/client/features/newsletter/components/newsletter-signup";
import { useLocation } from "@/client/lib/location";

/**
 * The home page after the hero, in the order of docs/product.md §2.4 (the layout's footer follows), and the cookie
 * banner; loaded lazily by home-page.tsx.
 */
export function HomeBelowTheHero() {
  useScrollToLateAnchor();
  return (
    <>
      <CategoriesSection />
      <AboutSection />
      <ContactSection />
      <LatestPostsSection />
      <NewsletterSignup />
      <CookieConsentGate />
    </>
  );
}

/**
 * A link to /#posts or /#about arrives before these sections exist, so the layout's scroll-to-anchor finds
 * nothing: scroll once they are in the page.
 */
function useScrollToLateAnchor() {
  const { hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the hash on arrival matters.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, []);
}
