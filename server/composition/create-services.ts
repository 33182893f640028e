// The composition root's entry: opens the database, picks the engines from config, builds every use case over its
// adapters, and ties their lifecycles together. The only code (with its siblings here) that knows both sides.
import type { Config } from "../config.ts";
import { createLogger, type Logger } from "../logger.ts";
import { openDatabase, type Database } from "../adapters/postgres/database.ts";
import { StatisticsRefresher } from "../adapters/postgres/statistics-refresher.ts";
import { CrawlJobStore } from "../adapters/postgres/crawl-job-store.ts";
import { createEmbedderFromConfig } from "../adapters/embedder/create-embedder.ts";
import type { Embedder } from "../ports/embedder.ts";
import { CrawlService } from "../crawl/crawl-service.ts";
import { createCoreServices, type CoreServices } from "./core-services.ts";
import { createElasticsearchServices } from "./elasticsearch-services.ts";
import { createSearchServices } from "./search-services.ts";
import { createChatService } from "./chat-services.ts";
import { createIngestServices } from "./ingest-services.ts";
import { createConnectors } from "./create-connectors.ts";
import { createCrawlWorker } from "./create-crawl-worker.ts";
import { createAccountServices } from "./create-account-services.ts";
import { databaseHealthCheck, embeddingsHealthCheck } from "./health-checks.ts";
import { backgroundWork } from "./background-work.ts";
import type { ServiceOverrides, Services } from "./services.ts";

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const core = await createCoreServices(config, overrides, database, log);
  const engines = await createEngines(config, overrides, database, log, core);
  const { embedder, search } = engines;
  const chat = createChatService({
    config,
    db: database.db,
    log,
    hybrid: search.hybrid,
    analytics: core.analytics,
    chatBudget: core.chatBudget,
    clock: overrides.clock,
  });
  const ingest = createIngestServices({
    config,
    db: database.db,
    log,
    embedder,
    siteStore: core.siteStore,
    usageRecorder: core.analytics.usageRecorder,
    notifySiteChanged: core.notifySiteChanged,
  });
  const { embeddingQueue } = ingest;
  if (embeddingQueue) core.siteChangeListeners.push(() => embeddingQueue.wake());
  const crawlJobs = new CrawlJobStore(database.db);
  const crawl = new CrawlService(
    core.siteStore,
    crawlJobs,
    () => crawlWorker.wake(),
    (jobId) => crawlWorker.cancel(jobId),
  );
  const connectors = createConnectors({ config, db: database.db, log, crawl, crawlerSettings: core.crawlerSettings });
  const crawlWorker = createCrawlWorker({
    config,
    log,
    crawlJobs,
    siteStore: core.siteStore,
    documents: ingest.documents,
    ingest: ingest.ingest,
    siteChangeListeners: core.siteChangeListeners,
    connectors,
  });
  const healthChecks = [databaseHealthCheck(database), ...engines.healthChecks, embeddingsHealthCheck(embedder, ingest.embeddingStore)];
  const accountServices = createAccountServices({
    db: database.db,
    accounts: core.accounts,
    siteStore: core.siteStore,
    sites: core.sites,
    crawlJobs,
    limiter: core.limiter,
    hybrid: search.hybrid,
    clock: overrides.clock,
    record: (event) => core.analytics.queryRecorder.record(event),
  });
  const { elasticsearch, statistics } = engines;
  let stopOutboxDrain: (() => Promise<void>) | null = null;
  const background = backgroundWork({
    log,
    crawlWorker,
    embeddingQueue,
    connectors,
    outboxDrain: elasticsearch && { start: () => void (stopOutboxDrain = elasticsearch.drain.start()) },
    chores: [
      { name: "raw analytics events past their retention", run: () => core.analytics.pruneOldEvents() },
      { name: "expired chat sessions", run: () => chat.pruneExpiredSessions() },
    ],
    closers: [
      () => ingest.preparation?.close(),
      () => statistics?.close(),
      // An embedder the caller passed in is the caller's to close; one built here (the MiniLM workers) is ours.
      () => overrides.embedder === undefined && (embedder as { close?(): void } | null)?.close?.(),
      () => core.analytics.flush(),
      () => stopOutboxDrain?.(),
      () => elasticsearch?.close(),
      () => database.close(),
    ],
  });
  const services: Services = {
    config,
    log,
    database,
    accounts: core.accounts,
    siteStore: core.siteStore,
    sites: core.sites,
    limiter: core.limiter,
    healthChecks,
    chat,
    chatBudget: core.chatBudget,
    elasticsearch,
    search,
    queryRecorder: core.analytics.queryRecorder,
    usageRecorder: core.analytics.usageRecorder,
    analytics: core.analytics,
    embedder,
    documents: ingest.documents,
    ingest: ingest.ingest,
    pages: ingest.pages,
    embeddingQueue,
    crawlJobs,
    crawl,
    crawlWorker,
    siteChangeListeners: core.siteChangeListeners,
    accountServices,
    connectors,
    startBackgroundWork: background.start,
    close: background.close,
  };
  if (config.runWorkers) services.startBackgroundWork();
  return services;
}

/** The search engines config picks (lexical, vectors, the embedder) and what keeps them fresh and reports on them. */
async function createEngines(config: Config, overrides: ServiceOverrides, database: Database, log: Logger, core: CoreServices) {
  const embedder: Embedder | null =
    overrides.embedder !== undefined
      ? overrides.embedder
      : createEmbedderFromConfig(config.embeddings, {
          onFallback: (error) => log.warn("ONNX Runtime could not load; embedding with the WASM engine instead (same vectors, slower)", { error }),
        });
  const elasticsearch = config.lexicalEngine === "elasticsearch" ? createElasticsearchServices(config.elasticsearch, database.db, log) : null;
  const search = await createSearchServices({
    database,
    lexicalEngine: config.lexicalEngine,
    externalIndex: elasticsearch?.index ?? null,
    embedder,
    siteStore: core.siteStore,
    limiter: core.limiter,
    trustProxy: config.trustProxy,
    log,
    onSearched: (e) => {
      for (const siteId of e.siteIds) {
        core.analytics.queryRecorder.record({
          orgId: e.orgId,
          siteId,
          kind: "search",
          query: e.query,
          resultCount: e.resultCount,
          latencyMs: e.latencyMs,
          ip: e.ip,
          channel: "public",
        });
      }
    },
  });
  core.siteChangeListeners.push((siteId) => search.publicSearch.invalidateSite(siteId));
  const statistics = database.kind === "pglite" ? new StatisticsRefresher(database.db, { onError: (error) => log.warn("ANALYZE failed", { error }) }) : null;
  if (statistics) core.siteChangeListeners.push(() => statistics.contentChanged());
  const healthChecks = [...(elasticsearch ? [elasticsearch.healthCheck] : []), search.healthCheck];
  return { embedder, elasticsearch, search, statistics, healthChecks };
}
