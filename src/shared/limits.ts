// Text limits (docs/product.md §9), imported by server and client (through shared/constants.ts
// too).

export const LIMITS = {
  title: 200,
  content: 10_000,
  reply: 10_000,
  email: 254,
  name: 100,
  nameMin: 2,
  reason: 500,
  /** A member's appeal of a moderation action (docs/decisions/027). */
  appeal: 1_000,
  bio: 500,
  location: 100,
  twitter: 50,
  excerpt: 500,
  subject: 200,
  message: 5_000,
  details: 2_000,
  heroWord: 50,
  /** A page staff write in the CMS (the Terms of Service). */
  sitePage: 20_000,
  url: 2_048,
  password: 128,
  passwordMin: 8,
} as const;
