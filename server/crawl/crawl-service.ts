// Use cases on crawl jobs: start one per site, read it and its failures, cancel it. The work itself is done by crawl workers.
import type { CrawlJob, StartCrawlResponse } from "../../shared/crawl.ts";
import type { CrawlErrorPattern, CrawlJobErrors, CrawlJobList } from "../../shared/crawl-history.ts";
import { Limits } from "../../shared/limits.ts";
import { commonFolder, excludeFor, isMissingKind } from "./error-pattern.ts";
import { conflict, notFound } from "../errors/domain-error.ts";
import { ActiveCrawlExists, type CrawlJobRow, type CrawlJobStore, type ErrorPageQuery } from "../ports/crawl-job-store.ts";
import type { SiteStore } from "../ports/site-store.ts";
import { unixSeconds } from "../../shared/unix-seconds.ts";

export function crawlJobView(row: CrawlJobRow): CrawlJob {
  return {
    jobId: row.id,
    siteId: row.siteId,
    status: row.status,
    startedAt: row.startedAt ? unixSeconds(row.startedAt) : null,
    completedAt: row.completedAt ? unixSeconds(row.completedAt) : null,
    createdAt: unixSeconds(row.createdAt),
    pagesDiscovered: row.pagesDiscovered,
    pagesCrawled: row.pagesCrawled,
    pagesProcessed: row.pagesProcessed,
    pagesSkipped: row.pagesSkipped,
    pagesErrored: row.pagesErrored,
    errors: row.errors,
    currentUrl: row.currentUrl,
    lastError: row.lastError,
  };
}

export class CrawlService {
  constructor(
    private readonly sites: SiteStore,
    private readonly jobs: CrawlJobStore,
    /** Tells local workers a job is waiting, so they need not wait for their next poll. */
    private readonly onJobCreated: () => void = () => {},
    /** Tells local workers to stop a job now; workers in other processes see it at their next heartbeat. */
    private readonly onJobCancelled: (jobId: string) => void = () => {},
  ) {}

  async start(orgId: string, siteId: string): Promise<StartCrawlResponse> {
    const site = await this.sites.get(orgId, siteId);
    if (!site) throw notFound("Site");
    try {
      const job = await this.jobs.create({ siteId, baseUrl: site.baseUrl, config: site.crawlerConfig });
      this.onJobCreated();
      return { success: true, jobId: job.id, message: `Crawl of ${site.baseUrl} queued.` };
    } catch (error) {
      if (error instanceof ActiveCrawlExists) throw conflict("A crawl is already running for this site; cancel it or wait for it to finish.");
      throw error;
    }
  }

  async get(orgId: string, jobId: string): Promise<CrawlJob> {
    const job = await this.jobs.get(orgId, jobId);
    if (!job) throw notFound("Crawl job");
    return crawlJobView(job);
  }

  /** The site's jobs, newest first. */
  async history(orgId: string, siteId: string, limit: number): Promise<CrawlJobList> {
    if (!(await this.sites.get(orgId, siteId))) throw notFound("Site");
    return { jobs: (await this.jobs.listForSite(siteId, limit)).map(crawlJobView) };
  }

  /**
   * A page of the addresses the job failed to fetch or index with the reason the crawler recorded, the counts by kind,
   * and, when most failures are missing pages under one folder, that folder with an exclude pattern for it.
   */
  async errors(orgId: string, jobId: string, query: ErrorPageQuery): Promise<CrawlJobErrors> {
    const job = await this.jobs.get(orgId, jobId);
    if (!job) throw notFound("Crawl job");
    const [page, groups] = await Promise.all([this.jobs.errorPage(jobId, { ...query, limit: query.limit + 1 }), this.jobs.errorKinds(jobId)]);
    const shown = page.errors.slice(0, query.limit);
    const hasMore = page.errors.length > query.limit;
    return {
      errors: shown.map((e) => ({ url: e.url, reason: e.detail ?? "unknown error" })),
      total: page.total,
      groups,
      pattern: await this.pattern(job, groups),
      nextCursor: hasMore ? shown.at(-1)!.url : null,
      hasMore,
    };
  }

  /** Half the job's errors or more are 404/410 under one folder below the base URL. */
  private async pattern(job: CrawlJobRow, groups: Array<{ kind: string; count: number }>): Promise<CrawlErrorPattern | null> {
    const all = groups.reduce((sum, g) => sum + g.count, 0);
    const top = groups[0];
    if (!top || !isMissingKind(top.kind) || top.count * 2 < all) return null;
    const sample = await this.jobs.errorPage(job.id, { kind: top.kind, limit: Limits.crawlErrorPatternSample });
    const folder = commonFolder(
      sample.errors.map((e) => e.url),
      job.baseUrl,
      Math.ceil((all * sample.errors.length) / top.count / 2),
    );
    return (
      folder && {
        kind: top.kind,
        count: Math.round((folder.count * top.count) / sample.errors.length),
        prefix: folder.prefix,
        exclude: excludeFor(folder.prefix),
      }
    );
  }

  /** Cancelling a pending or running job stops it; cancelling it again is harmless; a finished job cannot be cancelled (409). */
  async cancel(orgId: string, jobId: string): Promise<{ success: true; job: CrawlJob }> {
    const job = await this.jobs.get(orgId, jobId);
    if (!job) throw notFound("Crawl job");
    if (job.status === "cancelled") return { success: true, job: crawlJobView(job) };
    const cancelled = await this.jobs.cancel(jobId);
    if (!cancelled) throw conflict(`The crawl job has already ${job.status === "completed" ? "completed" : "failed"}; there is nothing to cancel.`);
    this.onJobCancelled(jobId);
    return { success: true, job: crawlJobView(cancelled) };
  }
}
