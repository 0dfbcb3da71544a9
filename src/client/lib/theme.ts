// The light or dark theme (docs/decisions/030). The server writes a chosen theme on
// <html data-theme> from the cookie, so the first paint is right without a script; without a
// choice the CSS follows the system's prefers-color-scheme. The toggle reads and changes it.
import { THEME_COOKIE, type Theme } from "@/shared/theme";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

/** The theme the page shows now: the chosen one, else the system's. */
export function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/** For useSyncExternalStore: a choice made here, in another toggle, or the system's changing. */
export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener("change", listener);
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", listener);
  };
}

/** Shows `theme` now and keeps it for a year (a cookie, so the server paints it next time). */
export function chooseTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads; the Cookie Store API is not in every browser.
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
  for (const listener of listeners) listener();
}
