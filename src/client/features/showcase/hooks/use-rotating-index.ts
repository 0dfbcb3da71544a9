import { useEffect, useState } from "react";

/** An index that moves to the next of `count` items every `intervalMs`, and can be set. */
export function useRotatingIndex(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarting the interval when the index is set by hand gives that word its full time.
  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, index]);
  return [index, setIndex] as const;
}
