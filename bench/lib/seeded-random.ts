// The benchmark data's random numbers: mulberry32 (small, fast, seedable), so that two runs of
// bench:data produce the same data set.
export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  pick<T>(items: readonly T[]): T;
};

export function seededRandom(seed: number): Random {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/**
 * A Zipf-like choice among `count` items (issue 41's categories and tags): item k (from 0) is
 * chosen with weight 1 / (k + 1), so the first is twice as common as the second and the long
 * tail is rare, as topics are in a real forum.
 */
export function zipfPicker(random: () => number, count: number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 0; k < count; k += 1) {
    total += 1 / (k + 1);
    cumulative.push(total);
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? total) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}
