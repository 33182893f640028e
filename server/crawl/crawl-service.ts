// Use cases on crawl jobs: start one per site, read it, cancel it. The work itself is done by crawl workers.
import type { CrawlJob, StartCrawlResponse } from "../../shared/crawl.ts";
import type { CrawlJobErrors, CrawlJobList } from "../../shared/crawl-history.ts";
import { conflict, notFound } from "../errors/domain-error.ts";
import { ActiveCrawlExists, type CrawlJobRow, type CrawlJobStore } from "../ports/crawl-job-store.ts";
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

  /** Each address the job failed to fetch or index, with the reason the crawler recorded. */
  async errors(orgId: string, jobId: string): Promise<CrawlJobErrors> {
    if (!(await this.jobs.get(orgId, jobId))) throw notFound("Crawl job");
    const errored = await this.jobs.erroredUrls(jobId);
    return { errors: errored.map((e) => ({ url: e.url, reason: e.detail ?? "unknown error" })) };
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
