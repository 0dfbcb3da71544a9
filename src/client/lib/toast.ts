// Toasts without sonner in the first page load: the library (about 9 KB gzipped) downloads
// the first time something is announced, and <Toaster /> mounts only then. Sonner shows
// toasts created before its Toaster mounted. Always import `toast` from here, not "sonner".
import type { ExternalToast } from "sonner";

type Sonner = typeof import("sonner");
type ToastKind = "success" | "error" | "info" | "message";

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** For useSyncExternalStore: has anything asked for toasts yet? */
export function subscribeToSonnerRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isSonnerRequested(): boolean {
  return sonner !== undefined;
}

function show(kind: ToastKind, title: string, options?: ExternalToast): void {
  loadSonner().then(
    (module) => module.toast[kind](title, options),
    (error: unknown) => console.error("Could not load notifications", error),
  );
}

/** Same calls as sonner's `toast`: title plus `{ description, id, ... }`. */
export const toast = {
  /** Default style (docs/product.md: 'Already Subscribed'). */
  message: (title: string, options?: ExternalToast) => show("message", title, options),
  info: (title: string, options?: ExternalToast) => show("info", title, options),
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  /** The the product's "destructive" style. */
  error: (title: string, options?: ExternalToast) => show("error", title, options),
};
