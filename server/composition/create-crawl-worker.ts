// Composition of the crawl worker: picks the page fetchers (plain HTTP, or headless Chromium for
// javascriptEnabled sites) from config and hands the runner the stores and services it needs.
import { hostname } from "node:os";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { CrawlJobStore } from "../ports/crawl-job-store.ts";
import type { SiteStore } from "../ports/site-store.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import type { DocumentStore } from "../ports/document-store.ts";
import type { IngestService } from "../ingest/ingest-service.ts";
import type { Connectors } from "./create-connectors.ts";
import { HttpFetcher } from "../adapters/fetch/http-fetcher.ts";
import { ChromiumRenderer } from "../adapters/fetch/chromium-renderer.ts";
import { CrawlWorker } from "../crawl/crawl-worker.ts";
import { newId } from "../new-id.ts";
import { Limits } from "../../shared/limits.ts";

/** The parts of Services the worker needs (tests pass their services whole). */
export interface CrawlWorkerServices {
  config: Config;
  log: Logger;
  crawlJobs: CrawlJobStore;
  siteStore: SiteStore;
  documents: DocumentStore;
  ingest: IngestService;
  siteEvents: SiteEvents;
  connectors: Connectors;
}

export function createCrawlWorker(services: CrawlWorkerServices, opts: { pollMs?: number } = {}): CrawlWorker {
  const { crawl } = services.config;
  const fetchOptions = {
    userAgent: crawl.userAgent,
    allowPrivateNetworks: crawl.allowPrivateNetworks,
    trustedHosts: crawl.trustedHosts,
    timeoutMs: crawl.fetchTimeoutMs,
    maxBytes: 1_000_000,
  };
  const http = new HttpFetcher({ ...fetchOptions, maxBinaryBytes: Limits.pdfBytes });
  // One browser per worker process, launched by the first javascriptEnabled page and closed when the worker stops.
  let renderer: ChromiumRenderer | null = null;
  return new CrawlWorker({
    workerId: `${hostname()}:${process.pid}:${newId("worker")}`,
    jobsPerWorker: crawl.jobsPerWorker,
    maxAttempts: crawl.maxAttempts,
    pollMs: opts.pollMs,
    runner: {
      jobs: services.crawlJobs,
      sites: services.siteStore,
      documents: services.documents,
      ingest: services.ingest,
      fetcherFor: (config) => (config.javascriptEnabled ? (renderer ??= new ChromiumRenderer({ ...fetchOptions, executablePath: crawl.chromiumPath })) : http),
      fetchText: (url, signal) => http.fetchText(url, signal),
      credentialsFor: async (siteId) => {
        const site = await services.siteStore.getById(siteId);
        return site ? services.connectors.crawlerSettings.open(site.crawlerAuth, site.baseUrl) : null;
      },
      userAgent: crawl.userAgent,
      leaseSeconds: crawl.leaseSeconds,
      hostConcurrency: crawl.hostConcurrency,
      hostIntervalMs: crawl.hostIntervalMs,
      siteEvents: services.siteEvents,
      log: services.log,
      onCrawlEnded: (e) => {
        // Webhook events go to the outbox; a failure to write one is logged and never fails the crawl.
        const { webhooks } = services.connectors;
        const data = { siteId: e.siteId, jobId: e.jobId, ...(e.error ? { error: e.error } : {}) };
        const writes = [webhooks.emit(e.orgId, e.outcome === "completed" ? "crawl.completed" : "crawl.failed", data)];
        if (e.removedUrls.length > 0) writes.push(webhooks.emit(e.orgId, "pages.removed", { siteId: e.siteId, jobId: e.jobId, urls: e.removedUrls }));
        return Promise.all(writes).then(
          () => {},
          (error) => services.log.error("could not queue crawl webhook events", { jobId: e.jobId, error }),
        );
      },
    },
    onStopped: async () => {
      await renderer?.close();
      renderer = null;
    },
  });
}
