import { useLayoutEffect, useRef, useState } from "react";

/**
 * Loads a control's code when a visitor reaches for it (a pointer over it, a touch, focus or a
 * click) instead of with the page: code loaded right after the page still runs in a phone's
 * busiest seconds (bench/RESULTS.md §4). Spread `intent` on the stand-in button shown until
 * `ready`; then render the real control with `openWhenReady` (the stand-in was clicked) and
 * `focusWhenReady` (the focus was on the stand-in, which the real trigger replaces).
 */
export function useLoadOnIntent(load: () => Promise<unknown>) {
  const [ready, setReady] = useState(false);
  const [openWhenReady, setOpenWhenReady] = useState(false);
  const requested = useRef(false);
  const focused = useRef(false);

  const start = () => {
    if (requested.current) return;
    requested.current = true;
    load().then(
      () => setReady(true),
      () => {
        // Offline, or a new deployment replaced the chunk: the next intent tries again.
        requested.current = false;
      },
    );
  };

  return {
    ready,
    openWhenReady,
    focusWhenReady: focused.current,
    intent: {
      onPointerEnter: start,
      onTouchStart: start,
      onFocus: () => {
        focused.current = true;
        start();
      },
      onBlur: () => {
        focused.current = false;
      },
      onClick: () => {
        setOpenWhenReady(true);
        start();
      },
    },
  };
}

/**
 * The real control's trigger: focused on mount when `focus` (the `focusWhenReady` of
 * useLoadOnIntent) says the focus was on the stand-in it replaces. Later changes are ignored.
 */
export function useFocusOnMount<T extends HTMLElement>(focus: boolean) {
  const element = useRef<T>(null);
  const focusOnMount = useRef(focus);
  // Before the browser gets back control: no key can land on the page between the two buttons.
  useLayoutEffect(() => {
    if (focusOnMount.current) element.current?.focus();
  }, []);
  return element;
}
