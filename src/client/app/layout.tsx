import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useLocation } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { useSecondFactorRequired } from "@/client/lib/session/use-second-factor-required";
import { useSharedPageBody } from "@/client/lib/shared-page-body";
import { SiteHeader } from "./header/site-header";
import { PageErrorBoundary } from "./page-error-boundary";
import { PageFallback } from "./page-fallback";
import { SiteFooter } from "./site-footer";
import { useScrollOnNavigate } from "./use-scroll-on-navigate";

/**
 * Marks the document once the page has started (hydrated, when the server rendered it): before
 * that the server's HTML shows but does not answer yet, and browser tests wait for the mark.
 */
function Started({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.started = "";
  }, []);
  return children;
}

/** The header, the page (`children`, the matched route) and the footer. */
// Only staff without the factor their role needs see it: its code stays out of every visitor's
// download (the home page's budget, bench/budget.test.ts).
const SecondFactorRequired = lazy(() =>
  import("./second-factor-required").then((module) => ({ default: module.SecondFactorRequired })),
);

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  // Staff whose role needs a second factor reach only the settings until they have one.
  const setUpFirst = useSecondFactorRequired() && pathname !== paths.settings;
  // The server's render of a member's header around content it kept (decision 095).
  const sharedBody = useSharedPageBody();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so it does not show and then
          jump away while a page's code or data loads (Lighthouse counted that as layout shift). */}
      <main
        id="main-content"
        tabIndex={-1}
        className="flex min-h-dvh flex-1 flex-col focus:outline-none"
      >
        {sharedBody ?? (
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Started>{setUpFirst ? <SecondFactorRequired /> : children}</Started>
            </Suspense>
          </PageErrorBoundary>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
