import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "@/client/hooks/use-prefers-reduced-motion";

/** How long a reply stays highlighted before the highlight fades. */
export const HIGHLIGHT_MS = 2_500;

/** A reply to bring into view: a permalink's (focused, for keyboard and screen readers) or a new one. */
export type Spotlight = { id: string; focus: boolean };

/** The element id of a reply's article, which the permalink scrolls to. */
export function replyElementId(replyId: string): string {
  return `reply-${replyId}`;
}

/**
 * Scrolls to `target` once its reply is on the page and highlights it for a moment; returns
 * the highlighted reply's id. Each target is shown once, however often the thread re-renders.
 * `renderedIds` changes whenever the replies on the page do.
 */
export function useReplySpotlight(
  target: Spotlight | null,
  renderedIds: ReadonlySet<string>,
): string | null {
  const reducedMotion = usePrefersReducedMotion();
  const [highlighted, setHighlighted] = useState<{ id: string } | null>(null);
  const shown = useRef<Spotlight | null>(null);

  useEffect(() => {
    if (!target || shown.current === target || !renderedIds.has(target.id)) return;
    const element = document.getElementById(replyElementId(target.id));
    if (!element) return;
    shown.current = target;
    element.scrollIntoView({ block: "center", behavior: reducedMotion ? "instant" : "smooth" });
    if (target.focus) element.focus({ preventScroll: true });
    setHighlighted({ id: target.id });
  }, [target, renderedIds, reducedMotion]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return highlighted?.id ?? null;
}
