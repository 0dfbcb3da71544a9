import { createHash } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { errorBody } from "./http-error";
import { requestHeader, setResponseHeader } from "./response-headers";

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in the built page, `html`: the one that
 * keeps taps until the page is live (docs/decisions/061). Data elements (JSON, JSON-LD) run
 * nothing and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (body === "" || /\ssrc=/.test(attributes) || /\stype="application\//.test(attributes)) {
      continue;
    }
    hashes.push(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

/**
 * Security headers for every response. Scripts come only from our own origin, but for the
 * built page's own inline scripts, named by hash (`scriptHashes`, from inlineScriptHashes);
 * styles allow 'unsafe-inline' because Radix and sonner set style elements at run time, which
 * cannot run code.
 */
function securityHeaderMiddleware(siteUrl: string, scriptHashes: readonly string[]) {
  const https = new URL(siteUrl).protocol === "https:";
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes],
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

/**
 * The headers hono/secure-headers gives an answer, read once from an answer it made: they are
 * the same for every request (no nonces), so each request only copies them onto its answer
 * (lib/response-headers.ts).
 */
export async function securityHeaderList(
  siteUrl: string,
  scriptHashes: readonly string[] = [],
): Promise<[string, string][]> {
  const probe = new Hono()
    .use(securityHeaderMiddleware(siteUrl, scriptHashes))
    .get("/", (c) => c.body(null));
  const answer = await probe.request("/");
  return [...answer.headers];
}

export function securityHeaders(
  siteUrl: string,
  scriptHashes: readonly string[] = [],
): MiddlewareHandler {
  const listed = securityHeaderList(siteUrl, scriptHashes);
  let headers: [string, string][] | undefined;
  return async (c, next) => {
    headers ??= await listed;
    for (const [name, value] of headers) setResponseHeader(c, name, value);
    return next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another origin (CSRF). Requests
 * without Origin or Fetch Metadata come from non-browser clients, which cookies do not protect
 * against anyway. The site's origin is SITE_URL's, never the request's own URL: that comes
 * from the Host header, which the sender chooses.
 */
export function sameOriginWrites(siteUrl: string): MiddlewareHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const allowed = origin
      ? origin === siteOrigin
      : fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none";
    if (!allowed) {
      return c.json(errorBody(403, "Cross-origin request refused", "CROSS_ORIGIN"), 403);
    }
    return next();
  };
}

/** Paths that load balancers and scrapers call by address. */
export const ANY_HOST_PATHS: readonly string[] = ["/api/health", "/metrics"];

/** 127.0.0.0/8, ::1 and localhost, as the URL parser writes them (lower case, [::1]). */
function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Whether a request's URL (built from its Host header: parsed, lower-cased, default port gone)
 * names this site: SITE_URL's host, port included, or a loopback name or address, any port.
 */
export function isKnownHost(url: URL, siteHost: string): boolean {
  return url.host === siteHost || isLoopback(url.hostname);
}

/**
 * The same rule for a raw Host header, for the anonymous cache before the app
 * (lib/anonymous-cache.ts); false for a header it cannot parse, which the app then answers.
 */
export function knownHostHeader(host: string | undefined, siteHost: string): boolean {
  if (host === siteHost) return true;
  if (!host) return false;
  try {
    return isKnownHost(new URL(`http://${host}`), siteHost);
  } catch {
    return false;
  }
}

/**
 * Answers 421 to a request whose Host is neither SITE_URL's host (port included) nor a
 * loopback name or address (any port): another name pointed at this server (DNS rebinding, a
 * stray domain) must not get pages, cookies or links made for the site (decision 013).
 */
export function knownHostsOnly(siteUrl: string): MiddlewareHandler {
  const siteHost = new URL(siteUrl).host;
  return async (c, next) => {
    // Written as SITE_URL writes it: no need to parse it.
    if (requestHeader(c, "host") === siteHost) return next();
    if (isKnownHost(new URL(c.req.url), siteHost) || ANY_HOST_PATHS.includes(c.req.path)) {
      return next();
    }
    const message = "This server does not answer for that host name";
    return c.req.path.startsWith("/api/")
      ? c.json(errorBody(421, message), 421)
      : c.text(message, 421);
  };
}
