export const HERO_TIMING = {
  typeMs: 120,
  deleteMs: 60,
  holdMs: 3_000,
  pauseMs: 500,
  rotationMs: 2_000,
} as const;
