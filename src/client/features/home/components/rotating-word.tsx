import { useMemo } from "react";
import { useHeroWords } from "@/client/features/home/api/get-hero-words";
import { useTypedWord } from "@/client/features/home/hooks/use-typed-word";
import { usePrefersReducedMotion } from "@/client/hooks/use-prefers-reduced-motion";
import { FALLBACK_HERO_WORD } from "@/shared/fallback-hero-word";

const FALLBACK = [FALLBACK_HERO_WORD];

/**
 * The hero's typed-out word from the active hero words ('vent' while loading or when there are
 * none). Screen readers get the first word once instead of every keystroke.
 */
export function RotatingWord() {
  const { data } = useHeroWords();
  const words = useMemo(() => {
    const list = data?.words.map((entry) => entry.word) ?? [];
    return list.length > 0 ? list : FALLBACK;
  }, [data]);
  const reducedMotion = usePrefersReducedMotion();
  const shown = useTypedWord(words, reducedMotion);

  return (
    <>
      <span className="sr-only">{words[0]}</span>
      <span aria-hidden="true" className="text-primary" data-testid="hero-word">
        {shown}
        <span className="ml-0.5 inline-block w-[0.08em] animate-pulse bg-primary align-baseline motion-reduce:hidden">
          &nbsp;
        </span>
      </span>
    </>
  );
}
