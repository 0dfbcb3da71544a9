import { describe, expect, it } from "vitest";
import { nextTypingStep } from "./use-typed-word";

type Step = Parameters<typeof nextTypingStep>[0];

/** What the hero shows and for how long, step by step, from the start. */
function timeline(words: string[], steps: number): Array<[string, number]> {
  let state: Step = { index: 0, length: 0, phase: "typing" };
  const shown: Array<[string, number]> = [];
  for (let step = 0; step < steps; step += 1) {
    const [next, delay] = nextTypingStep(state, words);
    if (delay > 0) shown.push([(words[state.index] ?? "").slice(0, state.length), delay]);
    state = next;
  }
  return shown;
}

describe("the hero's typing animation (docs/product.md §4)", () => {
  it("types at 120 ms a letter, holds 3 s, deletes at 60 ms a letter, pauses 500 ms, then the next word", () => {
    expect(timeline(["ab", "c"], 14)).toEqual([
      ["", 120],
      ["a", 120],
      ["ab", 3000],
      ["ab", 60],
      ["a", 60],
      ["", 500],
      ["", 120],
      ["c", 3000],
      ["c", 60],
      ["", 500],
    ]);
  });

  it("loops over a single word", () => {
    const shown = timeline(["vent"], 30).map(([text]) => text);
    expect(shown.filter((text) => text === "vent").length).toBeGreaterThan(2);
  });
});
