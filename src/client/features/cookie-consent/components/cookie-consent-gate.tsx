import { lazy, Suspense, useEffect, useState } from "react";
import { readConsent } from "@/client/features/cookie-consent/lib/consent-storage";

// Only visitors without a stored choice download the banner.
const CookieBanner = lazy(() =>
  import("./cookie-banner").then((module) => ({ default: module.CookieBanner })),
);

/** Shows the cookie banner when no consent is stored (docs/product.md §4). */
export function CookieConsentGate() {
  // The choice is in this browser's storage: read after the first render, which the server's
  // HTML must match (docs/decisions/025).
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(readConsent() === null), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner onClose={() => setOpen(false)} />
    </Suspense>
  );
}
