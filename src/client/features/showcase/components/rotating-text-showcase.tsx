import type { ReactNode } from "react";
import { useRotatingIndex } from "@/client/features/showcase/hooks/use-rotating-index";
import { useTypewriter } from "@/client/features/showcase/hooks/use-typewriter";
import { SHOWCASE_TIMING } from "@/shared/constants";
import { AnimatedWord, ENTRANCES, type Entrance } from "./animated-word";

// A design demo: fixed words, so the styles can be compared whatever the CMS holds.
const WORDS = ["vent", "rant", "complain", "let it all out", "say it out loud"] as const;
const [FAST, SLOW] = SHOWCASE_TIMING.rotationMs;

function StyleCard({
  title,
  timing,
  children,
}: {
  title: string;
  timing: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 sm:p-8"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold text-2xl">{title}</h2>
        <p className="text-muted-foreground text-sm">{timing}</p>
      </div>
      <div className="mt-6 flex min-h-32 flex-col items-center justify-center gap-4 overflow-hidden rounded-lg bg-secondary/60 px-4 py-8 text-center">
        {children}
      </div>
    </section>
  );
}

function Line({ children }: { children: ReactNode }) {
  return (
    <p className="font-bold font-serif text-2xl sm:text-4xl">
      Sometimes you just need to... {children}
    </p>
  );
}

function RotatingStyle({ entrance, intervalMs }: { entrance: Entrance; intervalMs: number }) {
  const [index] = useRotatingIndex(WORDS.length, intervalMs);
  return (
    <Line>
      <AnimatedWord word={WORDS[index] ?? ""} entrance={entrance} />
    </Line>
  );
}

function TypewriterStyle() {
  const typed = useTypewriter(WORDS);
  return (
    <Line>
      <span className="text-primary" data-testid="showcase-word">
        {typed}
      </span>
      <span aria-hidden="true" className="animate-pulse text-primary motion-reduce:animate-none">
        |
      </span>
    </Line>
  );
}

function DotsStyle() {
  const [index, setIndex] = useRotatingIndex(WORDS.length, SLOW);
  return (
    <>
      <Line>
        <AnimatedWord word={WORDS[index] ?? ""} entrance={ENTRANCES.fade} />
      </Line>
      <div className="flex gap-2">
        {WORDS.map((word, position) => (
          <button
            key={word}
            type="button"
            aria-label={`Show "${word}"`}
            aria-pressed={position === index}
            onClick={() => setIndex(position)}
            className="size-3 rounded-full bg-primary/25 transition-colors aria-pressed:bg-primary"
          />
        ))}
      </div>
    </>
  );
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** The five rotating-word styles of docs/product.md §2's design demo, with docs/product.md §4's timings. */
export function RotatingTextShowcase() {
  return (
    <div className="grid gap-8">
      <StyleCard title="Fade" timing={`New word every ${seconds(FAST)}`}>
        <RotatingStyle entrance={ENTRANCES.fade} intervalMs={FAST} />
      </StyleCard>
      <StyleCard title="Horizontal scroll" timing={`New word every ${seconds(SLOW)}`}>
        <RotatingStyle entrance={ENTRANCES.slide} intervalMs={SLOW} />
      </StyleCard>
      <StyleCard
        title="Typewriter"
        timing={`${SHOWCASE_TIMING.typewriterTypeMs} ms a letter, ${SHOWCASE_TIMING.typewriterEraseMs} ms to erase, ${seconds(SHOWCASE_TIMING.typewriterPauseMs)} pause`}
      >
        <TypewriterStyle />
      </StyleCard>
      <StyleCard title="Flip" timing={`New word every ${seconds(FAST)}`}>
        <RotatingStyle entrance={ENTRANCES.flip} intervalMs={FAST} />
      </StyleCard>
      <StyleCard title="Dots" timing={`New word every ${seconds(SLOW)}, or pick one`}>
        <DotsStyle />
      </StyleCard>
    </div>
  );
}
