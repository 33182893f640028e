// One step of a crawl: fetch a frontier address, follow its links, and index it unless robots meta, a canonical
// link, scope or content type say otherwise. A failing page is recorded and counted; it never stops the crawl.
import { normaliseUrl, type CleanedPage, type IngestService } from "../ingest/index.ts";
import { FetchFailure, type FetchedPage, type FetchPageInput, type PageFetcher } from "../ports/page-fetcher.ts";
import type { CrawlScope } from "./crawl-scope.ts";
import type { CrawlProgress } from "./crawl-progress.ts";
import type { HostThrottle } from "./host-throttle.ts";
import type { FrontierEntry, JobFrontier } from "./job-frontier.ts";
import type { RobotsPolicy } from "./robots-policy.ts";

export interface VisitContext {
  jobId: string;
  orgId: string;
  siteId: string;
  fetcher: PageFetcher;
  throttle: HostThrottle;
  scope: CrawlScope;
  robotsFor(url: string): Promise<RobotsPolicy>;
  /** Redirect hops must stay on the site (include patterns aside: a redirect may pass through a hub page). */
  allowRedirect(url: string): boolean;
  frontier: JobFrontier;
  ingest: IngestService;
  progress: CrawlProgress;
  signal: AbortSignal;
  /** Incremental crawling: what the last crawl learnt about a page, and recording what this one learnt. */
  previous(url: string): Promise<{ etag: string | null; lastModified: string | null; checkedAt: Date | null } | null>;
  recordFetch(url: string, validators: { etag: string | null; lastModified: string | null } | null): Promise<void>;
  /** Sitemap <lastmod> by normalised URL. */
  sitemapLastmod: Map<string, Date>;
  /** Set when a page was left unread (304 or sitemap lastmod): its links were not followed this time. */
  incremental: { unread: number };
  /**
   * Queues the pages earlier crawls indexed (once per crawl): an unread page's links are unknown, so the pages
   * already known stand in for them, and a changed page among them still gets read (new links come from changed pages).
   */
  queueKnownPages(): Promise<void>;
  /** Credentials for the site's own host (crawlerConfig.auth). */
  credentials?: { origin: string; headers: Record<string, string> };
}

export type VisitResult = { state: "done" | "skipped" | "errored"; detail: string | null };

const HTML_TYPES = ["text/html", "application/xhtml+xml"];
/** Failures that say "this is not a page for us" rather than "this page is broken". */
const NOT_A_PAGE = new Set(["unsupported-type", "redirect-out-of-scope"]);

/** X-Robots-Tag may name a user agent first ("otherbot: noindex"); any directive naming none applies to us. */
function headerDirectives(headers: Record<string, string>): { noindex: boolean; nofollow: boolean } {
  const value = (headers["x-robots-tag"] ?? "").toLowerCase();
  const general = value
    .split(",")
    .filter((part) => !/^\s*[a-z0-9_-]+\s*:/.test(part) || /^\s*(noindex|nofollow|none)\b/.test(part))
    .join(",");
  return { noindex: /\b(noindex|none)\b/.test(general), nofollow: /\b(nofollow|none)\b/.test(general) };
}

/** "HTTP 404" and "HTTP 410" mark a page as gone; the runner removes such pages even from a truncated crawl. */
export const isGoneDetail = (detail: string | null) => detail !== null && /^HTTP (404|410)\b/.test(detail);

async function fetchPage(entry: FrontierEntry, ctx: VisitContext, validators?: FetchPageInput["validators"]): Promise<FetchedPage | VisitResult> {
  try {
    const input: FetchPageInput = { url: entry.url, signal: ctx.signal, allowRedirect: ctx.allowRedirect, validators, credentials: ctx.credentials };
    return await ctx.throttle.run(entry.url, () => ctx.fetcher.fetch(input), ctx.signal);
  } catch (error) {
    ctx.signal.throwIfAborted();
    if (error instanceof FetchFailure && NOT_A_PAGE.has(error.reason)) {
      ctx.progress.count("pagesSkipped");
      return { state: "skipped", detail: `${error.reason}: ${error.message}` };
    }
    ctx.progress.count("pagesErrored");
    ctx.progress.count("errors");
    const reason = error instanceof FetchFailure ? error.reason : "error";
    return { state: "errored", detail: `${reason}: ${(error as Error).message}` };
  }
}

/**
 * Where the page is indexed: its canonical URL when that is on the site (the address read becomes an alias of it).
 * When the crawl fetches the canonical URL itself, a page already stored there keeps its own content.
 */
async function indexAddress(pageUrl: string, cleaned: CleanedPage | null, entry: FrontierEntry, ctx: VisitContext) {
  const canonical = cleaned?.canonicalUrl ? normaliseUrl(cleaned.canonicalUrl) : null;
  if (canonical === null || canonical === pageUrl || !ctx.scope.inScope(canonical)) return { url: pageUrl };
  if (!(await ctx.robotsFor(canonical)).isAllowed(canonical)) return { url: pageUrl };
  const canonicalCrawled = !(await ctx.frontier.claim(canonical, entry.depth));
  return { url: canonical, readAt: pageUrl, canonicalCrawled };
}

/** Fetches the page unless robots.txt forbids it or it is known unchanged; a result when there is nothing to read. */
async function fetchIfChanged(entry: FrontierEntry, ctx: VisitContext): Promise<FetchedPage | VisitResult> {
  if (!(await ctx.robotsFor(entry.url)).isAllowed(entry.url)) {
    ctx.progress.count("pagesSkipped");
    return { state: "skipped", detail: "robots.txt disallows it" };
  }
  ctx.progress.currentUrl = entry.url;
  const previous = await ctx.previous(entry.url);
  const lastmod = ctx.sitemapLastmod.get(entry.url);
  if (previous?.checkedAt && lastmod && lastmod.getTime() <= previous.checkedAt.getTime()) {
    return leftUnread(entry, ctx, null, "unchanged: the sitemap's lastmod is older than the last fetch");
  }
  const validators = previous && (previous.etag || previous.lastModified) ? { etag: previous.etag, lastModified: previous.lastModified } : undefined;
  const fetched = await fetchPage(entry, ctx, validators);
  if ("state" in fetched) return fetched;
  if (fetched.status === 304 && validators) {
    return leftUnread(
      entry,
      ctx,
      { etag: fetched.headers.etag ?? validators.etag, lastModified: fetched.headers["last-modified"] ?? validators.lastModified },
      "unchanged: 304 Not Modified",
    );
  }
  if (fetched.status < 200 || fetched.status >= 300) {
    ctx.progress.count("pagesErrored");
    ctx.progress.count("errors");
    return { state: "errored", detail: `HTTP ${fetched.status}` };
  }
  return fetched;
}

export async function visitPage(entry: FrontierEntry, ctx: VisitContext): Promise<VisitResult> {
  const fetched = await fetchIfChanged(entry, ctx);
  if ("state" in fetched) return fetched;
  const pageUrl = normaliseUrl(fetched.url) ?? entry.url;
  if (pageUrl !== entry.url && !(await ctx.frontier.claim(pageUrl, entry.depth))) {
    ctx.progress.count("pagesSkipped");
    return { state: "skipped", detail: `duplicate: redirects to ${pageUrl}, crawled itself` };
  }
  ctx.progress.count("pagesCrawled");

  const mediaType = fetched.contentType.split(";", 1)[0]!.trim().toLowerCase();
  const isHtml = HTML_TYPES.includes(mediaType);
  const cleaned = isHtml ? await ctx.ingest.clean(fetched.body, pageUrl, ctx.orgId) : null;
  const header = headerDirectives(fetched.headers);
  const noindex = header.noindex || Boolean(cleaned?.robots.noindex);
  const nofollow = header.nofollow || Boolean(cleaned?.robots.nofollow);
  if (cleaned && !nofollow) await ctx.frontier.add(cleaned.links, entry.depth + 1);

  if (noindex) {
    ctx.progress.count("pagesSkipped");
    return { state: "skipped", detail: "noindex" };
  }
  // The base URL is fetched for its links even when include patterns leave it out of the index.
  if (!ctx.scope.inScope(pageUrl)) {
    ctx.progress.count("pagesSkipped");
    return { state: "skipped", detail: "not matched by the include patterns" };
  }
  const { url: address, ...canonical } = await indexAddress(pageUrl, cleaned, entry, ctx);
  const options = { orgId: ctx.orgId, siteId: ctx.siteId, source: "crawl" as const, crawlJobId: ctx.jobId, signal: ctx.signal, ...canonical };
  const outcome =
    fetched.bytes && mediaType === "application/pdf"
      ? await ctx.ingest.ingestPdf(address, fetched.bytes, options)
      : await ctx.ingest.ingestPage({ url: address, content: fetched.body }, { ...options, cleaned: cleaned ?? undefined });
  if (outcome.status === "error") {
    ctx.progress.count("pagesErrored");
    ctx.progress.count("errors");
    return { state: "errored", detail: `not indexed: ${outcome.error}` };
  }
  ctx.progress.count(outcome.status === "processed" ? "pagesProcessed" : "pagesSkipped");
  // Validators belong to the address fetched; a page indexed under another address is fetched in full next time.
  if (address === entry.url) await ctx.recordFetch(address, { etag: fetched.headers.etag ?? null, lastModified: fetched.headers["last-modified"] ?? null });
  return { state: "done", detail: outcome.status === "skipped" ? "unchanged" : null };
}

/** A page known unchanged: it stays indexed (and is not vanished), but its links were not read this time. */
async function leftUnread(
  entry: FrontierEntry,
  ctx: VisitContext,
  validators: { etag: string | null; lastModified: string | null } | null,
  detail: string,
): Promise<VisitResult> {
  await ctx.recordFetch(entry.url, validators);
  ctx.incremental.unread++;
  await ctx.queueKnownPages();
  ctx.progress.count("pagesSkipped");
  return { state: "done", detail };
}
