// The constants the home page's sections need (docs/product.md §9), apart from shared/constants.ts
// so the home page's first download does not carry the rest (its 100 KB budget).

/** The contact form's pause before it answers (docs/product.md §2.4). */
export const CONTACT_SEND_DELAY_MS = 1_000;
export const CONTACT_REPLY_HOURS = 24;
/** Placeholder cards while a list loads. */
export const SKELETON_CARDS = 3;
