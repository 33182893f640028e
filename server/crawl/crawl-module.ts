// The crawl feature as the container builds it: the worker that runs crawl jobs from the job queue, and the crawl use
// case that creates and cancels them (waking this process's worker at once; workers elsewhere see the job at their
// next poll).
import type { CrawlJobStore } from "../ports/crawl-job-store.ts";
import type { JobQueue } from "../ports/job-queue.ts";
import type { DocumentStore } from "../ports/document-store.ts";
import type { PageFetcher } from "../ports/page-fetcher.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import type { SiteStore } from "../ports/site-store.ts";
import type { IngestService } from "../ingest/index.ts";
import type { Logger } from "../logger.ts";
import type { CrawlerConfig } from "../../shared/sites.ts";
import { processWorkerId } from "../jobs/index.ts";
import type { FetchText } from "./robots-policy.ts";
import { CrawlService } from "./crawl-service.ts";
import { CrawlWorker } from "./crawl-worker.ts";

export interface CrawlModuleDeps {
  jobs: CrawlJobStore;
  /** The job queue the worker claims crawl jobs from (the crawl job store queues each in the transaction that creates it). */
  queue: JobQueue;
  sites: SiteStore;
  documents: DocumentStore;
  ingest: IngestService;
  /** A worker's fetchers: built per worker, closed when it stops. */
  fetchers(): { fetcherFor(config: CrawlerConfig): PageFetcher; fetchText: FetchText; close(): Promise<void> };
  /** A protected site's credentials, opened for its crawl only. */
  credentialsFor(siteId: string): Promise<{ origin: string; headers: Record<string, string> } | null>;
  /** Queues a webhook event (crawl.completed, crawl.failed, pages.removed). */
  emit(orgId: string, event: "crawl.completed" | "crawl.failed" | "pages.removed", data: Record<string, unknown>): Promise<unknown>;
  siteEvents: SiteEvents;
  log: Logger;
  settings: {
    userAgent: string;
    jobsPerWorker: number;
    leaseSeconds: number;
    hostConcurrency: number;
    hostIntervalMs: number;
  };
}

export function createCrawlModule(deps: CrawlModuleDeps) {
  const newWorker = (opts: { pollMs?: number } = {}) => createWorker(deps, opts);
  const worker = newWorker();
  const crawl = new CrawlService(
    deps.sites,
    deps.jobs,
    () => worker.wake(),
    (jobId) => worker.cancel(jobId),
  );
  return { crawl, worker, newWorker };
}

function createWorker(deps: CrawlModuleDeps, opts: { pollMs?: number }): CrawlWorker {
  const { settings, log } = deps;
  const fetchers = deps.fetchers();
  return new CrawlWorker({
    // Unique per worker, so two in one process (a test's second worker) never pass for each other.
    workerId: processWorkerId(),
    queue: deps.queue,
    jobsPerWorker: settings.jobsPerWorker,
    pollMs: opts.pollMs,
    runner: {
      jobs: deps.jobs,
      sites: deps.sites,
      documents: deps.documents,
      ingest: deps.ingest,
      fetcherFor: (config) => fetchers.fetcherFor(config),
      fetchText: (url, signal) => fetchers.fetchText(url, signal),
      credentialsFor: deps.credentialsFor,
      userAgent: settings.userAgent,
      leaseSeconds: settings.leaseSeconds,
      hostConcurrency: settings.hostConcurrency,
      hostIntervalMs: settings.hostIntervalMs,
      siteEvents: deps.siteEvents,
      log,
      onCrawlEnded: (e) => {
        // Webhook events go to the outbox; a failure to write one is logged and never fails the crawl.
        const data = { siteId: e.siteId, jobId: e.jobId, ...(e.error ? { error: e.error } : {}) };
        const writes = [deps.emit(e.orgId, e.outcome === "completed" ? "crawl.completed" : "crawl.failed", data)];
        if (e.removedUrls.length > 0) writes.push(deps.emit(e.orgId, "pages.removed", { siteId: e.siteId, jobId: e.jobId, urls: e.removedUrls }));
        return Promise.all(writes).then(
          () => {},
          (error) => log.error("could not queue crawl webhook events", { jobId: e.jobId, error }),
        );
      },
    },
    onStopped: () => fetchers.close(),
  });
}

export type CrawlModule = ReturnType<typeof createCrawlModule>;
