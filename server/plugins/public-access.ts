// The gate of every public endpoint: the site exists, the feature is on, the calling page's origin is allowed, the
// visitor's IP is within its limits. CORS itself is set by public-cors.ts; the gate only withdraws it from a refused origin.
import { ErrorCode } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import type { PublicAccess, RateLimits } from "../../shared/sites.ts";
import type { SearchSpeed } from "../../shared/search.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import type { TrustProxy } from "./client-ip.ts";
import { callerOrigin, setPreflightHeaders, withdrawCors } from "./public-cors.ts";
import type { ResponseHeaders } from "./response-headers.ts";

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

/** A refused origin: 403, and no allow-origin header, so the browser hides even the refusal from that page's script. */
function originNotAllowed(headers: ResponseHeaders): AppError {
  withdrawCors(headers);
  const message = "This origin is not allowed to call this site's public endpoints; add its domain to publicAccess.allowedDomains.";
  return new AppError(403, ErrorCode.OriginNotAllowed, message);
}
const featureDisabled = (feature: PublicFeature) => forbidden(`Public ${feature} is not enabled for this site.`, ErrorCode.FeatureDisabled);

const perMinute = (site: PublicSite | null, feature: PublicFeature) =>
  feature === "search"
    ? (site?.rateLimits.searchPerMinute ?? Limits.publicSearchPerMinutePerIp)
    : (site?.rateLimits.chatPerMinute ?? Limits.publicChatPerMinutePerIp);

interface Admission {
  siteId: string;
  feature: PublicFeature;
  /** The search speed asked for: instant searches cost less of the visitor's bucket. */
  speed?: SearchSpeed;
  request: Request;
  ip: string;
  /** X-RateLimit-* go in here before any refusal, so error responses carry them too. */
  headers: ResponseHeaders;
}

/**
 * Searches take from a token bucket, so a visitor typing can spend a burst and the refill covers a typist's pace; the
 * burst never exceeds the site's per-minute rate, so a site that asks for 3 a minute gets no more than 3 at once.
 */
function searchBucket(perMinuteRate: number, speed: SearchSpeed | undefined) {
  return {
    burst: Math.min(Limits.publicSearchBurst, perMinuteRate),
    perMinute: perMinuteRate,
    cost: speed === "instant" ? Limits.instantSearchCost : 1,
  };
}

/** Chat keeps the fixed one-minute window; search and its completions take from their buckets. */
async function limitFeature(deps: PublicAccessDeps<PublicSite>, key: string, rate: number, input: Admission, what: string) {
  if (input.feature === "search") await deps.limiter.take(key, searchBucket(rate, input.speed), input.headers, what);
  else await deps.limiter.check(key, rate, input.headers, what);
}

/**
 * Admits a request to one site's public feature or throws 404/403/429. `counter` is a counter of its own at the
 * feature's rate (completions while typing must not use up the visitor's searches); `perIpPerMinute`, when the site sets
 * it, caps both features together on one key.
 */
async function admitSite<S extends PublicSite>(deps: PublicAccessDeps<S>, input: Admission & { counter?: string }): Promise<S> {
  const origin = callerOrigin(input.request);
  const site = await deps.sites.getById(input.siteId);
  const counter = input.counter ?? input.feature;
  await limitFeature(deps, `public-${counter}:${input.siteId}:${input.ip}`, perMinute(site, input.feature), input, `${counter} requests`);
  if (site?.rateLimits.perIpPerMinute) await deps.limiter.check(`public-ip:${site.id}:${input.ip}`, site.rateLimits.perIpPerMinute, input.headers, "requests");
  if (!site) throw notFound("Site");
  if (!featureEnabled(site.publicAccess, input.feature)) throw featureDisabled(input.feature);
  if (!originAllowed(origin, site.publicAccess.allowedDomains)) throw originNotAllowed(input.headers);
  return site;
}

/**
 * Admits a visitor signal about a feature (a result click for search, an answer rating for chat): the feature must be
 * on and the signal must come from an allowed page. Unlike a search, a request with no Origin or Referer is refused,
 * since only the widget on such a page sends these. Signals are limited per IP on their own counter, at the feature's
 * rate, so they never use up the visitor's searches.
 */
async function admitSignal<S extends PublicSite>(deps: PublicAccessDeps<S>, input: Admission): Promise<S> {
  const origin = callerOrigin(input.request);
  const site = await deps.sites.getById(input.siteId);
  const what = input.feature === "search" ? "result clicks" : "answer ratings";
  await deps.limiter.check(`public-${input.feature}-signal:${input.siteId}:${input.ip}`, perMinute(site, input.feature), input.headers, what);
  if (!site) throw notFound("Site");
  if (!featureEnabled(site.publicAccess, input.feature)) throw featureDisabled(input.feature);
  if (origin === null || !originAllowed(origin, site.publicAccess.allowedDomains)) throw originNotAllowed(input.headers);
  return site;
}

/**
 * Admits a group search: member sites that do not allow public search from this origin are left out; when none is
 * left, 403. The limit is the strictest of the admitted sites'.
 */
async function admitSites<S extends PublicSite>(
  deps: PublicAccessDeps<S>,
  input: { scope: string; sites: S[]; request: Request; ip: string; headers: ResponseHeaders; speed?: SearchSpeed },
): Promise<S[]> {
  const origin = callerOrigin(input.request);
  const enabled = input.sites.filter((s) => featureEnabled(s.publicAccess, "search"));
  const admitted = enabled.filter((s) => originAllowed(origin, s.publicAccess.allowedDomains));
  const strictest = [...admitted].sort((a, b) => a.rateLimits.searchPerMinute - b.rateLimits.searchPerMinute)[0] ?? null;
  const bucket = searchBucket(perMinute(strictest, "search"), input.speed);
  await deps.limiter.take(`public-search:${input.scope}:${input.ip}`, bucket, input.headers, "search requests");
  if (enabled.length === 0) throw forbidden("Public search is not enabled for any site of this group.", ErrorCode.FeatureDisabled);
  if (admitted.length === 0) throw originNotAllowed(input.headers);
  return admitted;
}

/** Answers a CORS preflight: the allow headers when the origin may call one of the sites' feature, else 403 without them. */
async function preflight<S extends PublicSite>(
  deps: PublicAccessDeps<S>,
  input: { siteIds: string[]; feature: PublicFeature; request: Request; headers: ResponseHeaders },
): Promise<void> {
  const origin = callerOrigin(input.request);
  const sites = (await Promise.all(input.siteIds.map((id) => deps.sites.getById(id)))).filter((s) => s !== null);
  const allowed = origin !== null && sites.some((s) => featureEnabled(s.publicAccess, input.feature) && originAllowed(origin, s.publicAccess.allowedDomains));
  if (!allowed || origin === null) throw originNotAllowed(input.headers);
  setPreflightHeaders(input.headers, origin);
}

/** The gate over one site store and limiter; public-site.ts turns it into the routes' typed `site`. */
export function publicAccessGate<S extends PublicSite>(deps: PublicAccessDeps<S>) {
  return {
    admitSite(input: Admission & { counter?: string }) {
      return admitSite(deps, input);
    },
    admitSignal(input: Admission) {
      return admitSignal(deps, input);
    },
    admitSites(input: { scope: string; sites: S[]; request: Request; ip: string; headers: ResponseHeaders; speed?: SearchSpeed }) {
      return admitSites(deps, input);
    },
    preflight(input: { siteIds: string[]; feature: PublicFeature; request: Request; headers: ResponseHeaders }) {
      return preflight(deps, input);
    },
  };
}

export type PublicAccessGate<S extends PublicSite = PublicSite> = ReturnType<typeof publicAccessGate<S>>;
