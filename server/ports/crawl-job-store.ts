// Crawl jobs and their frontier: created by the crawl service, claimed under a lease by workers.
import type { CrawlerConfig } from "../../shared/sites.ts";

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
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
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
  /** The oldest claimable job, or only the one named (a one-shot run of a job just started). */
  claim(workerId: string, leaseSeconds: number, jobId?: string): Promise<CrawlJobRow | null>;
  heartbeat(jobId: string, workerId: string, leaseSeconds: number, currentUrl: string | null): Promise<boolean>;
  release(jobId: string, workerId: string): Promise<void>;
  addCounts(jobId: string, delta: Partial<Record<CounterName, number>>): Promise<void>;
  finish(jobId: string, workerId: string, status: "completed" | "failed", lastError?: string | null): Promise<boolean>;
  failAbandoned(maxAttempts: number): Promise<CrawlJobRow[]>;
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
