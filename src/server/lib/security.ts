import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { errorBody } from "./http-error";

/**
 * Security headers for every response. Scripts come only from our own origin (Vite emits no
 * inline script); styles allow 'unsafe-inline' because Radix and sonner set style elements at
 * run time, which cannot run code.
 */
export function securityHeaders(siteUrl: string): MiddlewareHandler {
  const https = new URL(siteUrl).protocol === "https:";
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    // Share buttons open other sites in popups; they must not keep a handle on this window.
    crossOriginOpenerPolicy: "same-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another origin (CSRF). Requests
 * without Origin or Fetch Metadata come from non-browser clients, which cookies do not protect
 * against anyway.
 */
export function sameOriginWrites(siteUrl: string): MiddlewareHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const requestOrigin = new URL(c.req.url).origin;
    const allowed = origin
      ? origin === siteOrigin || origin === requestOrigin
      : fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none";
    if (!allowed) {
      return c.json(errorBody(403, "Cross-origin request refused", "CROSS_ORIGIN"), 403);
    }
    return next();
  };
}
