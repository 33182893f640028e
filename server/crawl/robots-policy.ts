// One origin's robots.txt as the crawler needs it: may this URL be fetched, how long to wait between requests,
// and which sitemaps the site announces. Follows RFC 9309 on what a missing or failing robots.txt means.
import robotsParser from "robots-parser";

export interface RobotsPolicy {
  isAllowed(url: string): boolean;
  /** Crawl-delay for our user agent (or *), in seconds, as written; the host throttle caps it. */
  crawlDelaySeconds: number | null;
  sitemaps: string[];
  /** loaded: rules apply; missing (4xx): everything allowed; unreachable (5xx, 429, network): everything disallowed. */
  source: "loaded" | "missing" | "unreachable" | "ignored";
}

/** Fetches text; throws when the server cannot be reached. HttpFetcher.fetchText fits. */
export type FetchText = (url: string, signal?: AbortSignal) => Promise<{ status: number; body: string }>;

/** RFC 9309 §2.5: crawlers must read at least 500 KiB; rules past that point may be ignored. */
const MAX_ROBOTS_CHARS = 500 * 1024;

/** For respectRobotsTxt: false, and for tests. */
export const allowAllPolicy: RobotsPolicy = { isAllowed: () => true, crawlDelaySeconds: null, sitemaps: [], source: "ignored" };

const disallowAll = (source: RobotsPolicy["source"]): RobotsPolicy => ({ isAllowed: () => false, crawlDelaySeconds: null, sitemaps: [], source });

/**
 * Loads `${origin}/robots.txt`. A 4xx (including 401/403) means there are no rules (RFC 9309 §2.3.1.3).
 * A 5xx, a 429 or no answer at all means the crawler must assume everything is disallowed (§2.3.1.4): fetching
 * anyway could hammer a struggling server or crawl pages the owner meant to hide. Google does the same and retries
 * later; here that means this crawl job fetches nothing from the origin and the next crawl tries again.
 * Aborting `signal` rejects with its reason.
 */
export async function loadRobotsPolicy(origin: string, fetchText: FetchText, userAgent: string, signal?: AbortSignal): Promise<RobotsPolicy> {
  const robotsUrl = new URL("/robots.txt", origin).href;
  let response: { status: number; body: string };
  try {
    response = await fetchText(robotsUrl, signal);
  } catch {
    signal?.throwIfAborted();
    return disallowAll("unreachable");
  }
  if (response.status === 429 || response.status >= 500) return disallowAll("unreachable");
  if (response.status >= 400) return { ...allowAllPolicy, source: "missing" };
  if (response.status < 200 || response.status >= 300) return disallowAll("unreachable");
  return parseRobots(robotsUrl, response.body, userAgent);
}

/** Parses a robots.txt body; `robotsUrl` is its own address (rules only apply to that origin). */
export function parseRobots(robotsUrl: string, body: string, userAgent: string): RobotsPolicy {
  const robots = robotsParser(robotsUrl, body.slice(0, MAX_ROBOTS_CHARS));
  const delay = robots.getCrawlDelay(userAgent);
  return {
    // undefined means the URL is on another origin, which this file has no say over.
    isAllowed: (url) => robots.isAllowed(url, userAgent) ?? true,
    crawlDelaySeconds: typeof delay === "number" && Number.isFinite(delay) && delay >= 0 ? delay : null,
    sitemaps: robots.getSitemaps(),
    source: "loaded",
  };
}
