// Composition of the crawl worker: picks the page fetchers (plain HTTP, or headless Chromium for
// javascriptEnabled sites) from config and hands the runner the stores and services it needs.
import { hostname } from "node:os";
import type { Services } from "./app.ts";
import { HttpFetcher } from "./adapters/fetch/http-fetcher.ts";
import { ChromiumRenderer } from "./adapters/fetch/chromium-renderer.ts";
import { CrawlWorker } from "./crawl/crawl-worker.ts";
import { newId } from "./new-id.ts";

type CrawlWorkerServices = Pick<Services, "config" | "log" | "crawlJobs" | "siteStore" | "documents" | "ingest" | "siteChangeListeners">;

export function createCrawlWorker(services: CrawlWorkerServices, opts: { pollMs?: number } = {}): CrawlWorker {
  const { crawl } = services.config;
  const fetchOptions = {
    userAgent: crawl.userAgent, allowPrivateNetworks: crawl.allowPrivateNetworks, trustedHosts: crawl.trustedHosts,
    timeoutMs: crawl.fetchTimeoutMs, maxBytes: 1_000_000,
  };
  const http = new HttpFetcher(fetchOptions);
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
      userAgent: crawl.userAgent,
      leaseSeconds: crawl.leaseSeconds,
      hostConcurrency: crawl.hostConcurrency,
      hostIntervalMs: crawl.hostIntervalMs,
      onSiteChanged: (siteId) => {
        for (const listener of services.siteChangeListeners) listener(siteId);
      },
      log: services.log,
    },
    onStopped: async () => {
      await renderer?.close();
      renderer = null;
    },
  });
}
