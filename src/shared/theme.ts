/**
 * The theme a visitor chose with the header's toggle (docs/decisions/030): `light` or `dark` in
 * this cookie; without it the site follows the system's `prefers-color-scheme`. The server
 * writes it on <html data-theme> so the first paint has the right colours.
 */
export const THEME_COOKIE = "theme";
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
