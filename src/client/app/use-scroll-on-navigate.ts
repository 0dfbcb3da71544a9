import { useEffect } from "react";
import { useLocation, useNavigationType } from "@/client/lib/location";

/**
 * New pages start at the top, or at their #anchor; back/forward (POP) is left to the
 * browser's own scroll restoration.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger (a new page), not an input.
  useEffect(() => {
    if (navigationType === "POP") return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash, navigationType]);
}
