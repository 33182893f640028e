// The gate of every public endpoint: the site exists, the feature is on, the calling page's origin is allowed, the
// visitor's IP is within its limits. CORS itself is set by public-cors.ts; the gate only withdraws it from a refused preflight.
import { ErrorCode } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";
import type { PublicAccess, RateLimits } from "../../shared/sites.ts";
import type { SearchSpeed } from "../../shared/search.ts";
import { AppError } from "../errors/app-error.ts";
import { forbidden, notFound } from "../errors/domain-error.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import type { TrustProxy } from "./client-ip.ts";
import { originAllowed } from "../sites/index.ts";
import { originRefusalSentence } from "../../shared/refused-origins.ts";
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
  /** Keeps the origins a site refused lately (only http(s) origins are kept). */
  refusals?: { record(siteId: string, origin: string): Promise<void> };
}

export function featureEnabled(access: PublicAccess, feature: PublicFeature): boolean {
  return access.enabled && (feature === "search" ? access.searchEnabled : access.chatEnabled);
}

/**
 * A refused origin: 403 with a sentence naming the origin and the setting. The allow-origin set by public-cors.ts stays,
 * so the widget on that page can read the sentence and tell its owner; the body carries nothing of the site's content.
 */
function originNotAllowed(origin: string | null, what: string): AppError {
  return new AppError(403, ErrorCode.OriginNotAllowed, originRefusalSentence(origin, what));
}

/** Remembers the refusal for the site's dashboard; a failure to remember never changes the answer. */
async function remember(deps: PublicAccessDeps<PublicSite>, siteId: string, origin: string | null): Promise<void> {
  if (origin === null || !deps.refusals) return;
  await deps.refusals.record(siteId, origin).catch(() => {});
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
  if (!originAllowed(origin, site.publicAccess.allowedDomains)) {
    await remember(deps, site.id, origin);
    throw originNotAllowed(origin, `this site's ${input.feature}`);
  }
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
  if (origin === null || !originAllowed(origin, site.publicAccess.allowedDomains)) {
    await remember(deps, site.id, origin);
    throw originNotAllowed(origin, `this site's ${what}`);
  }
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
  if (admitted.length === 0) throw originNotAllowed(origin, "this group's search");
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
  if (!allowed || origin === null) {
    // A refused preflight stays unreadable: the request it asks for is never sent, so nothing is learned or spent.
    withdrawCors(input.headers);
    throw originNotAllowed(origin, `this site's ${input.feature}`);
  }
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
