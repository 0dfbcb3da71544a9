import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "@/client/lib/location";

/**
 * Brings `ref`'s element into view, once per visit, when the address's #anchor names it and
 * `ready` says its content has loaded. The layout's scroll on navigation (app/use-scroll-on-
 * navigate.ts) runs before a lazy page and its data are there, and a browser looks for the
 * anchor only while the document loads. Once it is in view, the browser's scroll anchoring keeps
 * it there while the sections above it fill in.
 */
export function useScrollToAnchor(ref: RefObject<HTMLElement | null>, ready: boolean): void {
  const { hash, key } = useLocation();
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!ready || !element || hash !== `#${element.id}` || scrolledFor.current === key) return;
    scrolledFor.current = key;
    element.scrollIntoView();
  }, [ready, hash, key, ref]);
}

/**
 * The same for a page whose anchors are in text that loads (the terms' rules, decision 082):
 * once `ready`, brings the element the address's #anchor names into view, once per visit.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash, key } = useLocation();
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || hash.length < 2 || scrolledFor.current === key) return;
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!element) return;
    scrolledFor.current = key;
    element.scrollIntoView();
  }, [ready, hash, key]);
}
