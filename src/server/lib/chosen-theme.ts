// The theme a visitor chose with the toggle, read from its cookie: the page handler writes it on
// <html> (lib/spa.ts) and the anonymous cache keys responses by it (lib/anonymous-cache.ts).
import { parse as parseCookies } from "hono/utils/cookie";
import { THEME_COOKIE, THEMES, type Theme } from "@/shared/constants";

/** The theme the visitor chose (the toggle's cookie), or null to follow their system. */
export function chosenTheme(cookies: string | undefined): Theme | null {
  const value = cookies ? parseCookies(cookies, THEME_COOKIE)[THEME_COOKIE] : undefined;
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : null;
}
