// The gate of every public endpoint: the site exists, the feature is on, the calling page's origin is
// allowed, the visitor's IP is within its limits; and the CORS headers that let the widget read the answer.
import { ErrorCode } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import type { PublicAccess, RateLimits } from "../../shared/sites.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import type { TrustProxy } from "./client-ip.ts";

export type PublicFeature = "search" | "chat";

export interface PublicSite {
  id: string;
  orgId: string;
  publicAccess: PublicAccess;
  rateLimits: RateLimits;
}

export interface PublicAccessDeps<S extends PublicSite> {
  sites: { getById(siteId: string): Promise<S | null> };
  limiter: RateLimiter;
  trustProxy: TrustProxy;
}

/** The calling page's origin: the Origin header, else the origin of the Referer; null when neither is sent. */
export function callerOrigin(request: Request): string | null {
  const origin = request.headers.get("origin");
  if (origin) return origin;
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/**
 * `example.com` matches that host only; `*.example.com` matches its subdomains at any depth but not
 * example.com itself (list both to allow both). An entry without a port matches any port.
 */
export function domainMatches(entry: string, url: URL): boolean {
  const [domain, port] = entry.toLowerCase().split(":") as [string, string | undefined];
  if (port !== undefined && url.port !== port) return false;
  const host = url.hostname.toLowerCase();
  return domain.startsWith("*.") ? host.endsWith(domain.slice(1)) && host.length > domain.length - 1 : host === domain;
}

/**
 * No Origin and no Referer means a server, curl or a privacy-stripped request: allowed, since the content is
 * public and the per-IP limit still applies. A browser origin must be listed; an empty list allows none
 * ("null" origins from sandboxed frames and files never match).
 */
export function originAllowed(origin: string | null, allowedDomains: readonly string[]): boolean {
  if (origin === null) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return allowedDomains.some((entry) => domainMatches(entry, url));
}

export function featureEnabled(access: PublicAccess, feature: PublicFeature): boolean {
  return access.enabled && (feature === "search" ? access.searchEnabled : access.chatEnabled);
}

export { clientIp } from "./client-ip.ts";

/**
 * CORS for public endpoints: the origin is echoed (never `*`). Vary: Origin goes on every public response, with or
 * without an Origin, so a shared cache never hands an answer stored for one origin (or for none) to another.
 */
export function setCorsHeaders(headers: Record<string, string>, origin: string | null): void {
  headers.vary = "Origin";
  if (origin === null || origin === "null") return;
  headers["access-control-allow-origin"] = origin;
  headers["access-control-expose-headers"] = "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Cache";
}

export function setPreflightHeaders(headers: Record<string, string>, origin: string): void {
  setCorsHeaders(headers, origin);
  headers["access-control-allow-methods"] = "GET, POST, OPTIONS";
  headers["access-control-allow-headers"] = "content-type";
  headers["access-control-max-age"] = "600";
}

/** A refused origin gets no allow-origin header: the browser then hides even the 403 from that page's script. */
function originNotAllowed(headers: Record<string, string>): AppError {
  delete headers["access-control-allow-origin"];
  delete headers["access-control-expose-headers"];
  return new AppError(403, ErrorCode.OriginNotAllowed, "This origin is not allowed to call this site's public endpoints; add its domain to publicAccess.allowedDomains.");
}
const featureDisabled = (feature: PublicFeature) => forbidden(`Public ${feature} is not enabled for this site.`, ErrorCode.FeatureDisabled);

export function publicAccessGate<S extends PublicSite>(deps: PublicAccessDeps<S>) {
  const perMinute = (site: PublicSite | null, feature: PublicFeature) =>
    feature === "search" ? (site?.rateLimits.searchPerMinute ?? Limits.publicSearchPerMinutePerIp) : (site?.rateLimits.chatPerMinute ?? Limits.publicChatPerMinutePerIp);

  /** Applies the feature's per-IP limit and the optional cross-feature one; headers show the tightest. */
  async function limit(scope: string, ip: string, site: PublicSite | null, feature: PublicFeature, headers: Record<string, string>, counter?: string) {
    await deps.limiter.check(`public-${counter ?? feature}:${scope}:${ip}`, perMinute(site, feature), headers, `${counter ?? feature} requests`);
    // One key for both features, so the cap covers search and chat together.
    if (site?.rateLimits.perIpPerMinute) await deps.limiter.check(`public-ip:${site.id}:${ip}`, site.rateLimits.perIpPerMinute, headers, "requests");
  }

  return {
    /**
     * Admits a request to one site's public feature or throws 404/403/429. CORS and X-RateLimit headers go into
     * `headers` first, so error responses carry them too and the widget can read the error.
     */
    async admitSite(input: {
      siteId: string; feature: PublicFeature; request: Request; ip: string; headers: Record<string, string>;
      /** A counter of its own at the feature's rate (completions while typing must not use up the visitor's searches). */
      counter?: string;
    }): Promise<S> {
      const origin = callerOrigin(input.request);
      setCorsHeaders(input.headers, origin);
      const site = await deps.sites.getById(input.siteId);
      await limit(input.siteId, input.ip, site, input.feature, input.headers, input.counter);
      if (!site) throw notFound("Site");
      if (!featureEnabled(site.publicAccess, input.feature)) throw featureDisabled(input.feature);
      if (!originAllowed(origin, site.publicAccess.allowedDomains)) throw originNotAllowed(input.headers);
      return site;
    },

    /**
     * Admits a visitor signal about a feature (a result click for search, an answer rating for chat): the
     * feature must be on and the signal must come from an allowed page. Unlike a search, a request with no
     * Origin or Referer is refused, since only the widget on such a page sends these. Signals are limited
     * per IP on their own counter, at the feature's rate, so they never use up the visitor's searches.
     */
    async admitSignal(input: { siteId: string; feature: PublicFeature; request: Request; ip: string; headers: Record<string, string> }): Promise<S> {
      const origin = callerOrigin(input.request);
      setCorsHeaders(input.headers, origin);
      const site = await deps.sites.getById(input.siteId);
      await deps.limiter.check(`public-${input.feature}-signal:${input.siteId}:${input.ip}`, perMinute(site, input.feature), input.headers, input.feature === "search" ? "result clicks" : "answer ratings");
      if (!site) throw notFound("Site");
      if (!featureEnabled(site.publicAccess, input.feature)) throw featureDisabled(input.feature);
      if (origin === null || !originAllowed(origin, site.publicAccess.allowedDomains)) throw originNotAllowed(input.headers);
      return site;
    },

    /**
     * Admits a group search: member sites that do not allow public search from this origin are left out;
     * when none is left, 403. The limit is the strictest of the admitted sites'.
     */
    async admitSites(input: { scope: string; sites: S[]; request: Request; ip: string; headers: Record<string, string> }): Promise<S[]> {
      const origin = callerOrigin(input.request);
      setCorsHeaders(input.headers, origin);
      const enabled = input.sites.filter((s) => featureEnabled(s.publicAccess, "search"));
      const admitted = enabled.filter((s) => originAllowed(origin, s.publicAccess.allowedDomains));
      const strictest = [...admitted].sort((a, b) => a.rateLimits.searchPerMinute - b.rateLimits.searchPerMinute)[0] ?? null;
      await deps.limiter.check(`public-search:${input.scope}:${input.ip}`, perMinute(strictest, "search"), input.headers, "search requests");
      if (enabled.length === 0) throw forbidden("Public search is not enabled for any site of this group.", ErrorCode.FeatureDisabled);
      if (admitted.length === 0) throw originNotAllowed(input.headers);
      return admitted;
    },

    /** Answers a CORS preflight: 204 with the allow headers when the origin may call, else 403 without them. */
    async preflight(input: { siteIds: string[] | null; feature: PublicFeature; request: Request; headers: Record<string, string> }): Promise<void> {
      const origin = callerOrigin(input.request);
      const sites = input.siteIds === null ? [] : (await Promise.all(input.siteIds.map((id) => deps.sites.getById(id)))).filter((s) => s !== null) as S[];
      const allowed = origin !== null && sites.some((s) => featureEnabled(s.publicAccess, input.feature) && originAllowed(origin, s.publicAccess.allowedDomains));
      if (!allowed) throw originNotAllowed(input.headers);
      setPreflightHeaders(input.headers, origin);
    },
  };
}

export type PublicAccessGate<S extends PublicSite = PublicSite> = ReturnType<typeof publicAccessGate<S>>;
