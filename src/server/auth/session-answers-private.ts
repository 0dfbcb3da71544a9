// The caching rule of every answer, in one place (docs/decisions/050): an answer made for a
// session is the browser's alone, `Cache-Control: private, no-store` with `Vary: Cookie`, so a
// shared cache in front never keeps a moderator's view of a thread or a member's block marks
// and replays them to someone else. Anonymous answers keep their route's own caching.
import type { MiddlewareHandler } from "hono";
import { addVary, varies } from "@/server/lib/response-headers";
import { answeredForMember, hasSessionCookie } from "./viewer";

export const SESSION_CACHE_CONTROL = "private, no-store";

/**
 * With a session cookie, every answer is private but one its route declared `public` (the same
 * for everyone: feeds, the sitemap, built files) without looking at who asks. Any other answer
 * might hold the member's view, the route's own caching or none (better-auth's, an error).
 */
export function sessionAnswersPrivate(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!hasSessionCookie(c)) return;
    const headers = c.res.headers;
    const own = headers.get("cache-control");
    if (own?.startsWith("public") && !answeredForMember(c)) return;
    headers.set("cache-control", SESSION_CACHE_CONTROL);
    // The answer's own Vary, where it has one, replaces the one kept for it (lib/response-headers.ts).
    const vary = headers.get("vary");
    if (vary === null) addVary(c, "Cookie");
    else if (!varies(vary, "Cookie")) headers.set("vary", `${vary}, Cookie`);
  };
}
