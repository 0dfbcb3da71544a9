// The showcase's typewriter (docs/product.md §4): 100 ms per typed character, 50 ms per erased one, and a
// 1.5 s pause on the full word.
import { useEffect, useState } from "react";
import { SHOWCASE_TIMING } from "@/shared/constants";

export function useTypewriter(words: readonly string[]): string {
  const [state, setState] = useState({ index: 0, length: 0, erasing: false });
  const word = words[state.index] ?? "";

  useEffect(() => {
    const { typewriterTypeMs, typewriterEraseMs, typewriterPauseMs } = SHOWCASE_TIMING;
    let delay: number;
    let next: typeof state;
    if (!state.erasing && state.length < word.length) {
      next = { ...state, length: state.length + 1 };
      delay = typewriterTypeMs;
    } else if (!state.erasing) {
      next = { ...state, erasing: true };
      delay = typewriterPauseMs;
    } else if (state.length > 0) {
      next = { ...state, length: state.length - 1 };
      delay = typewriterEraseMs;
    } else {
      next = { index: (state.index + 1) % words.length, length: 0, erasing: false };
      delay = typewriterTypeMs;
    }
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [state, word, words.length]);

  return word.slice(0, state.length);
}
