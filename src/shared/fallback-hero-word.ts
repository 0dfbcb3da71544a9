// Apart from the other constants on purpose: the hero paints this word before the rotating words
// arrive, so it is in the home page's first download, and importing it from constants.ts pulled
// the whole of that module (every limit, sort and timing) into the entry chunk.

/** The hero's word until the rotating words load, or when none are active. */
export const FALLBACK_HERO_WORD = "vent";
