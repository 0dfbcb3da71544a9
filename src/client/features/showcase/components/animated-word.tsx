import { useCallback } from "react";
import { usePrefersReducedMotion } from "@/client/hooks/use-prefers-reduced-motion";

/** Web Animations keyframes for a word entering. */
export type Entrance = Keyframe[];

export const ENTRANCES = {
  fade: [{ opacity: 0 }, { opacity: 1 }],
  slide: [
    { transform: "translateX(60%)", opacity: 0 },
    { transform: "translateX(0)", opacity: 1 },
  ],
  flip: [
    { transform: "perspective(400px) rotateX(90deg)", opacity: 0 },
    { transform: "perspective(400px) rotateX(0)", opacity: 1 },
  ],
} satisfies Record<string, Entrance>;

/**
 * A word that plays `entrance` each time it changes (the key restarts it). No animation when
 * the visitor prefers reduced motion.
 */
export function AnimatedWord({ word, entrance }: { word: string; entrance: Entrance }) {
  const reducedMotion = usePrefersReducedMotion();
  const animate = useCallback(
    (element: HTMLSpanElement | null) => {
      if (element && !reducedMotion) {
        element.animate(entrance, { duration: 450, easing: "cubic-bezier(0.2, 0.8, 0.2, 1)" });
      }
    },
    [entrance, reducedMotion],
  );
  return (
    <span
      key={word}
      ref={animate}
      className="inline-block text-primary"
      data-testid="showcase-word"
    >
      {word}
    </span>
  );
}
