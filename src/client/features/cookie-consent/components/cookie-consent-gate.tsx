import { useEffect, useState } from "react";
import { CookieBanner } from "@/client/features/cookie-consent/components/cookie-banner";
import { readConsent } from "@/client/features/cookie-consent/lib/consent-storage";

/** Shows the cookie banner when no consent is stored (docs/product.md §4). */
export function CookieConsentGate() {
  // The choice is in this browser's storage: read after the first render, which the server's
  // HTML must match (docs/decisions/025).
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(readConsent() === null), []);
  if (!open) return null;
  return <CookieBanner onClose={() => setOpen(false)} />;
}
