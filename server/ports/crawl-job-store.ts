// Crawl jobs and their frontier: created by the crawl service, run by crawl workers. Each crawl job is also a job of
// the job queue (kind `crawl`, `ref` = the crawl job), queued in the same transaction: its claim, lease, heartbeat and
// retries are the queue's, its state, counters and frontier are here.
import type { CrawlerConfig } from "../../shared/sites.ts";

/** The job-queue kind of crawl jobs. */
export const crawlJobKind = "crawl";

export interface CrawlJobRow {
  id: string;
  siteId: string;
  baseUrl: string;
  config: CrawlerConfig;
  status: "pending" | "running" | "completed" | "failed" | "cancelled";
  lastError: string | null;
  pagesDiscovered: number;
  pagesCrawled: number;
  pagesProcessed: number;
  pagesSkipped: number;
  pagesErrored: number;
  errors: number;
  currentUrl: string | null;
  attempts: number;
  /** The worker running the current attempt. */
  leaseOwner: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

export type CounterName = "pagesDiscovered" | "pagesCrawled" | "pagesProcessed" | "pagesSkipped" | "pagesErrored" | "errors";

/** Thrown by create when the site already has a pending or running job. */
export class ActiveCrawlExists extends Error {
  override name = "ActiveCrawlExists";
}

export interface ErrorPageQuery {
  limit: number;
  after?: string;
  kind?: string;
  search?: string;
}

export interface CrawlJobStore {
  create(input: { siteId: string; baseUrl: string; config: CrawlerConfig }): Promise<CrawlJobRow>;
  get(orgId: string, jobId: string): Promise<CrawlJobRow | null>;
  getById(jobId: string): Promise<CrawlJobRow | null>;
  /** The site's jobs, newest first (the dashboard's crawl history). */
  listForSite(siteId: string, limit: number): Promise<CrawlJobRow[]>;
  cancel(jobId: string): Promise<CrawlJobRow | null>;
  /**
   * Starts an attempt for the worker that claimed the job from the job queue (it becomes the job's owner, and the
   * attempt is counted as the queue counts it); null when the job was cancelled, has ended or is gone.
   */
  start(jobId: string, workerId: string, attempts: number): Promise<CrawlJobRow | null>;
  /** Records the address being read; false when the job was cancelled or another worker's attempt took it over. */
  heartbeat(jobId: string, workerId: string, currentUrl: string | null): Promise<boolean>;
  addCounts(jobId: string, delta: Partial<Record<CounterName, number>>): Promise<void>;
  finish(jobId: string, workerId: string, status: "completed" | "failed", lastError?: string | null): Promise<boolean>;
  /** Fails a job still pending or running that the job queue gave up on; the row as it is now, or null when it had ended. */
  abandon(jobId: string, lastError: string): Promise<CrawlJobRow | null>;
  enqueue(jobId: string, urls: Array<{ url: string; depth: number }>): Promise<string[]>;
  nextQueued(jobId: string, limit: number): Promise<Array<{ url: string; depth: number }>>;
  markUrl(jobId: string, url: string, state: "done" | "skipped" | "errored", detail?: string | null): Promise<void>;
  erroredUrls(jobId: string): Promise<Array<{ url: string; detail: string | null }>>;
  /** A page of the job's failed addresses in URL order after `after`, of one kind (errorKind) and holding `search`, any case. */
  errorPage(jobId: string, query: ErrorPageQuery): Promise<{ errors: Array<{ url: string; detail: string | null }>; total: number }>;
  /** Every failed address of the job counted by kind (errorKind), the most frequent first. */
  errorKinds(jobId: string): Promise<Array<{ kind: string; count: number }>>;
  countUrls(jobId: string): Promise<{ total: number; finished: number }>;
}
