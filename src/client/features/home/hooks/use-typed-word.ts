// docs/product.md §4 hero animation: type a letter every 120 ms, hold the word 3 s, delete a letter every
// 60 ms, wait 500 ms, go on to the next word, loop. With reduced motion the whole word swaps
// every 2 s instead.
import { useEffect, useState } from "react";
import { HERO_TIMING } from "@/shared/hero-timing";

type Phase = "typing" | "holding" | "deleting" | "pausing";
type State = { index: number; length: number; phase: Phase };

const START: State = { index: 0, length: 0, phase: "typing" };

/** The state after `state`, and how long to show `state` first. */
export function nextTypingStep(state: State, words: readonly string[]): [State, number] {
  const word = words[state.index % words.length] ?? "";
  switch (state.phase) {
    case "typing":
      return state.length < word.length
        ? [{ ...state, length: state.length + 1 }, HERO_TIMING.typeMs]
        : [{ ...state, phase: "holding" }, 0];
    case "holding":
      return [{ ...state, phase: "deleting" }, HERO_TIMING.holdMs];
    case "deleting":
      return state.length > 0
        ? [{ ...state, length: state.length - 1 }, HERO_TIMING.deleteMs]
        : [{ ...state, phase: "pausing" }, 0];
    case "pausing":
      return [
        { index: (state.index + 1) % words.length, length: 0, phase: "typing" },
        HERO_TIMING.pauseMs,
      ];
  }
}

/** The part of the current word on screen; `words` must not be empty. */
export function useTypedWord(words: readonly string[], reducedMotion: boolean): string {
  const [state, setState] = useState<State>(START);

  useEffect(() => {
    if (reducedMotion) {
      const timer = setInterval(
        () => setState((current) => ({ ...current, index: (current.index + 1) % words.length })),
        HERO_TIMING.rotationMs,
      );
      return () => clearInterval(timer);
    }
    const [next, delay] = nextTypingStep(state, words);
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [state, words, reducedMotion]);

  const word = words[state.index % words.length] ?? "";
  return reducedMotion ? word : word.slice(0, state.length);
}
