// Runs one claimed crawl job end to end: robots.txt, seeds (base URL and sitemaps), a breadth-first walk of the
// database frontier with per-host politeness, then removal of vanished pages and the final job and site state.
import type { CrawlJobRow, CrawlJobStore } from "../ports/crawl-job-store.ts";
import type { DocumentStore } from "../ports/document-store.ts";
import type { SiteStore } from "../ports/site-store.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import { normaliseUrl, type IngestService } from "../ingest/index.ts";
import type { Logger } from "../logger.ts";
import type { PageFetcher } from "../ports/page-fetcher.ts";
import type { CrawlerConfig } from "../../shared/sites.ts";
import { createCrawlScope } from "./crawl-scope.ts";
import { CrawlProgress } from "./crawl-progress.ts";
import { HostThrottle } from "./host-throttle.ts";
import { JobFrontier } from "./job-frontier.ts";
import { isGoneDetail, visitPage, type VisitContext } from "./page-visit.ts";
import { allowAllPolicy, loadRobotsPolicy, type FetchText, type RobotsPolicy } from "./robots-policy.ts";
import { collectSitemapUrls } from "./sitemap.ts";

export interface CrawlRunnerDeps {
  jobs: CrawlJobStore;
  sites: SiteStore;
  documents: DocumentStore;
  ingest: IngestService;
  /** The page fetcher for a job: plain HTTP, or headless Chromium when javascriptEnabled. */
  fetcherFor(config: CrawlerConfig): PageFetcher;
  /** The site's crawlerConfig.auth as request headers, or null (decrypted only for the crawl). */
  /** The site's crawler credentials and the origin they were given for. */
  credentialsFor?(siteId: string): Promise<{ origin: string; headers: Record<string, string> } | null>;
  /** robots.txt and sitemaps (never rendered). */
  fetchText: FetchText;
  userAgent: string;
  workerId: string;
  leaseSeconds: number;
  /** Requests in flight per host, and the least gap between their starts when robots.txt names no Crawl-delay. */
  hostConcurrency: number;
  hostIntervalMs: number;
  /** Told as pages are indexed and when the crawl ends (search caches, the embedding queue, readiness). */
  siteEvents: Pick<SiteEvents, "publish">;
  /** Told when a crawl completed or failed (not when stopped), with the pages it removed: webhook events. */
  onCrawlEnded?(e: CrawlEnded): Promise<void>;
  log: Logger;
}

export interface CrawlEnded {
  orgId: string;
  siteId: string;
  jobId: string;
  outcome: "completed" | "failed";
  error: string | null;
  removedUrls: string[];
}

/** How the attempt ended; "stopped" means cancelled, taken over, or handed back by a stopping worker. */
export type RunOutcome = "completed" | "failed" | "stopped";

/** Sitemap entries are one hop from the base URL, so maxDepth 0 crawls the base URL alone. */
const SITEMAP_DEPTH = 1;

class CrawlFailed extends Error {}

export async function runCrawlJob(job: CrawlJobRow, deps: CrawlRunnerDeps, signal?: AbortSignal): Promise<RunOutcome> {
  const site = await deps.sites.getById(job.siteId);
  if (!site) {
    await deps.jobs.finish(job.id, deps.workerId, "failed", "The site was deleted.");
    return "failed";
  }
  const progress = new CrawlProgress(deps.jobs, {
    jobId: job.id,
    workerId: deps.workerId,
    leaseSeconds: deps.leaseSeconds,
    signal,
    onIndexed: () => deps.siteEvents.publish({ kind: "content-changed", siteId: site.id }),
  });
  progress.start();
  let failure: string | null = null;
  let complete = false;
  try {
    complete = await crawl(job, site.orgId, deps, progress);
  } catch (error) {
    if (!progress.signal.aborted && !(error instanceof CrawlFailed)) deps.log.error("crawl failed", { jobId: job.id, error });
    failure = progress.signal.aborted ? null : (error as Error).message;
  } finally {
    await progress.stop();
    // Counted work was recorded in the frontier too, so its counts stand whoever finishes the job.
    await progress.flush().catch(() => {});
  }
  if (progress.signal.aborted || !(await progress.beat().catch(() => false))) return "stopped";

  if (failure !== null) {
    if (!(await deps.jobs.finish(job.id, deps.workerId, "failed", failure))) return "stopped";
    await deps.sites.update(site.orgId, site.id, { status: "error", lastError: failure });
    deps.siteEvents.publish({ kind: "content-changed", siteId: site.id });
    await deps.onCrawlEnded?.({ orgId: site.orgId, siteId: site.id, jobId: job.id, outcome: "failed", error: failure, removedUrls: [] });
    return "failed";
  }
  const removedUrls = await removeVanishedPages(job.id, site.id, complete, deps);
  if (!(await deps.jobs.finish(job.id, deps.workerId, "completed"))) return "stopped";
  await deps.sites.update(site.orgId, site.id, { status: "ready", lastError: null, lastCrawledAt: new Date() });
  deps.siteEvents.publish({ kind: "content-changed", siteId: site.id });
  await deps.onCrawlEnded?.({ orgId: site.orgId, siteId: site.id, jobId: job.id, outcome: "completed", error: null, removedUrls });
  return "completed";
}

/** Returns whether the frontier was drained (false when maxPages cut the crawl short). Throws CrawlFailed when nothing could be crawled. */
async function crawl(job: CrawlJobRow, orgId: string, deps: CrawlRunnerDeps, progress: CrawlProgress): Promise<boolean> {
  const config = job.config;
  const stop = progress.signal;
  const base = normaliseUrl(job.baseUrl);
  if (base === null) throw new CrawlFailed(`The base URL ${job.baseUrl} is not an http(s) address.`);
  // Credentials are used only while the base URL is still on the origin they were given for; with them, the other
  // scheme of the same host is another site (pages read over http would go without them, or tempt a downgrade).
  const stored = await deps.credentialsFor?.(job.siteId);
  const credentials = stored && stored.origin === new URL(base).origin ? stored : undefined;
  const scope = createCrawlScope({
    baseUrl: base,
    includePatterns: config.includePatterns,
    excludePatterns: config.excludePatterns,
    sameScheme: credentials !== undefined,
  });
  const throttle = new HostThrottle({ concurrency: deps.hostConcurrency, minIntervalMs: deps.hostIntervalMs });
  const robotsFor = robotsLoader(config.respectRobotsTxt, deps, throttle, stop);
  const robots = await robotsFor(base);
  if (robots.source === "unreachable") throw new CrawlFailed(await unreachableReason(base, deps, stop));

  const frontier = new JobFrontier(deps.jobs, {
    jobId: job.id,
    scope,
    maxDepth: config.maxDepth,
    maxPages: config.maxPages,
    robots,
    onDiscovered: (n) => progress.count("pagesDiscovered", n),
  });
  const sitemapLastmod = await seedFrontier(frontier, { job, base, robots, deps, stop });
  const ctx = await visitContext(job, deps, { orgId, throttle, scope, robotsFor, frontier, progress, sitemapLastmod, credentials });
  let baseError: string | null = null;
  await runPool(deps.hostConcurrency * 2, stop, frontier, async (entry) => {
    const result = await visitPage(entry, ctx);
    if (entry.url === base && result.state === "errored") baseError = result.detail;
    await frontier.finish(entry.url, result.state, result.detail);
  });
  stop.throwIfAborted();

  if (baseError !== null && job.pagesCrawled + progress.counted("pagesCrawled") === 0) {
    throw new CrawlFailed(`The base URL ${base} could not be crawled (${baseError}); no page was fetched.`);
  }
  const { total, finished } = await deps.jobs.countUrls(job.id);
  // Pages left unread (unchanged) had links that were not followed, so "not seen" no longer means "not linked".
  return finished >= total && ctx.incremental.unread === 0;
}

/** robots.txt per origin, loaded once per crawl; its Crawl-delay sets the host's pace. */
function robotsLoader(respect: boolean, deps: CrawlRunnerDeps, throttle: HostThrottle, stop: AbortSignal): (url: string) => Promise<RobotsPolicy> {
  const policies = new Map<string, Promise<RobotsPolicy>>();
  return (url) => {
    if (!respect) return Promise.resolve(allowAllPolicy);
    const { origin, host } = new URL(url);
    let policy = policies.get(origin);
    if (!policy) {
      policy = loadRobotsPolicy(origin, deps.fetchText, deps.userAgent, stop).then((loaded) => {
        throttle.setCrawlDelay(host, loaded.crawlDelaySeconds);
        return loaded;
      });
      policies.set(origin, policy);
    }
    return policy;
  };
}

/** Seeds the frontier with the base URL and the sitemaps' pages; returns the sitemaps' <lastmod> by normalised URL. */
async function seedFrontier(
  frontier: JobFrontier,
  input: { job: CrawlJobRow; base: string; robots: RobotsPolicy; deps: CrawlRunnerDeps; stop: AbortSignal },
): Promise<Map<string, Date>> {
  const { job, base, robots, deps } = input;
  const sitemapLastmod = new Map<string, Date>();
  await frontier.resume();
  await frontier.add([base], 0, { seed: true });
  if (job.config.maxDepth >= SITEMAP_DEPTH) {
    const roots = [...new Set([...robots.sitemaps, `${new URL(base).origin}/sitemap.xml`])];
    const sitemaps = await collectSitemapUrls({ roots, fetchText: deps.fetchText, maxUrls: job.config.maxPages * 10, signal: input.stop });
    await frontier.add(sitemaps.urls, SITEMAP_DEPTH);
    for (const [url, date] of sitemaps.lastmod) {
      const normalised = normaliseUrl(url);
      if (normalised) sitemapLastmod.set(normalised, date);
    }
  }
  if (!robots.isAllowed(base) && (await deps.jobs.countUrls(job.id)).total === 0) {
    throw new CrawlFailed(`robots.txt of ${new URL(base).origin} does not allow ${deps.userAgent} to fetch ${base}, and no sitemap lists an allowed page.`);
  }
  return sitemapLastmod;
}

/** What every page visit of this crawl shares. */
async function visitContext(
  job: CrawlJobRow,
  deps: CrawlRunnerDeps,
  parts: Pick<VisitContext, "orgId" | "throttle" | "scope" | "robotsFor" | "frontier" | "progress" | "sitemapLastmod" | "credentials"> & {
    frontier: JobFrontier;
  },
): Promise<VisitContext> {
  let knownPagesQueued: Promise<void> | undefined;
  return {
    ...parts,
    jobId: job.id,
    siteId: job.siteId,
    signal: parts.progress.signal,
    fetcher: deps.fetcherFor(job.config),
    ingest: deps.ingest,
    previous: (url) => deps.documents.fetchState(job.siteId, url),
    recordFetch: (url, validators) => deps.documents.recordFetch(job.siteId, url, job.id, validators),
    incremental: { unread: 0 },
    queueKnownPages: () =>
      (knownPagesQueued ??= deps.documents.crawledPagesNotIn(job.siteId, job.id).then(async (urls) => void (await parts.frontier.add(urls, SITEMAP_DEPTH)))),
    allowRedirect: (url) => {
      const normalised = normaliseUrl(url);
      const reason = normalised === null ? "invalid-url" : parts.scope.reason(normalised);
      return reason === null || reason === "not-included";
    },
  };
}

/** RFC 9309 forbids crawling when robots.txt fails; say whether the site is down or only robots.txt is. */
async function unreachableReason(base: string, deps: CrawlRunnerDeps, signal: AbortSignal): Promise<string> {
  try {
    const page = await deps.fetchText(base, signal);
    return `robots.txt of ${new URL(base).origin} answered with an error (the base URL answered HTTP ${page.status}), so no page may be crawled; the next crawl tries again.`;
  } catch (error) {
    signal.throwIfAborted();
    return `The base URL ${base} could not be reached: ${(error as Error).message}`;
  }
}

/** Runs `visit` on up to `size` frontier entries at once until the frontier is empty (or its budget spent). */
async function runPool(size: number, stop: AbortSignal, frontier: JobFrontier, visit: (entry: { url: string; depth: number }) => Promise<void>): Promise<void> {
  let active = 0;
  let failure: unknown = null;
  let wakeIdle: Array<() => void> = [];
  const notify = () => {
    const waiting = wakeIdle;
    wakeIdle = [];
    for (const wake of waiting) wake();
  };
  stop.addEventListener("abort", notify, { once: true });
  const lane = async () => {
    while (!stop.aborted && failure === null) {
      const entry = await frontier.next();
      if (!entry) {
        // Pages still being read may add links; wait for one to finish before deciding the crawl is over.
        if (active === 0 || frontier.exhaustedBudget) return;
        await new Promise<void>((resolve) => wakeIdle.push(resolve));
        continue;
      }
      active++;
      try {
        await visit(entry);
      } catch (error) {
        if (!stop.aborted) failure ??= error;
      } finally {
        active--;
        notify();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, size) }, lane));
  stop.removeEventListener("abort", notify);
  if (failure !== null) throw failure;
}

/**
 * After a successful crawl, crawl-sourced pages it did not see are removed: they are gone (404/410) or no longer
 * linked. Pages whose fetch failed for another reason (timeout, 5xx) are kept, since they may well still exist.
 * When maxPages cut the crawl short only the pages that answered 404/410 go. Pages pushed through the API stay.
 */
async function removeVanishedPages(jobId: string, siteId: string, complete: boolean, deps: CrawlRunnerDeps): Promise<string[]> {
  const unseen = await deps.documents.crawledPagesNotIn(siteId, jobId);
  if (unseen.length === 0) return [];
  const errored = await deps.jobs.erroredUrls(jobId);
  const gone = new Set(errored.filter((e) => isGoneDetail(e.detail)).map((e) => e.url));
  const failed = new Set(errored.filter((e) => !isGoneDetail(e.detail)).map((e) => e.url));
  const remove = unseen.filter((url) => {
    const normalised = normaliseUrl(url) ?? url;
    return complete ? !failed.has(normalised) : gone.has(normalised);
  });
  const removed = await deps.documents.deletePages(siteId, { urls: remove });
  if (removed > 0) deps.log.info("removed pages no longer on the site", { siteId, removed });
  return removed > 0 ? remove : [];
}
