import { lazy, Suspense, useSyncExternalStore } from "react";
import { isSonnerRequested, loadSonner, subscribeToSonnerRequest } from "@/client/lib/toast";

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Mounts sonner's Toaster once the first toast is requested (see lib/toast.ts). */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToSonnerRequest, isSonnerRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster richColors closeButton position="bottom-right" />
    </Suspense>
  );
}
