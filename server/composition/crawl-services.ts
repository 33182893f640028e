// Composition of crawling: the crawl-job store, the crawl use case, the connectors that schedule crawls, and the
// worker that runs them. Built together because the use case wakes and cancels the worker built after it.
import { hostname } from "node:os";
import type { Config } from "../config.ts";
import { newId } from "../new-id.ts";
import type { Logger } from "../logger.ts";
import type { Db } from "../adapters/postgres/database.ts";
import { CrawlJobStore } from "../adapters/postgres/crawl-job-store.ts";
import { CrawlService } from "../crawl/crawl-service.ts";
import type { DocumentStore } from "../ports/document-store.ts";
import type { IngestService } from "../ingest/ingest-service.ts";
import type { CoreServices } from "./core-services.ts";
import { createConnectors } from "./create-connectors.ts";
import { createCrawlWorker } from "./create-crawl-worker.ts";

export interface CrawlInput {
  config: Config;
  db: Db;
  log: Logger;
  core: CoreServices;
  documents: DocumentStore;
  ingest: IngestService;
}

export function createCrawlServices({ config, db, log, core, documents, ingest }: CrawlInput) {
  const crawlJobs = new CrawlJobStore(db);
  const crawl = new CrawlService(
    core.siteStore,
    crawlJobs,
    () => crawlWorker.wake(),
    (jobId) => crawlWorker.cancel(jobId),
  );
  // Names this process in the leases its job runners hold.
  const workerId = `${hostname()}:${process.pid}:${newId("worker")}`;
  const connectors = createConnectors({
    config,
    db,
    log,
    crawl,
    crawlerSettings: core.crawlerSettings,
    limiter: core.limiter,
    secretBox: core.secretBox,
    workerId,
  });
  const crawlWorker = createCrawlWorker({
    config,
    log,
    crawlJobs,
    siteStore: core.siteStore,
    documents,
    ingest,
    siteEvents: core.siteEvents,
    connectors,
  });
  return { crawlJobs, crawl, connectors, crawlWorker };
}
