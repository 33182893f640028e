// The composition root's entry: opens the database, picks the engines from config, builds every use case over its
// adapters, and ties their lifecycles together. The only code (with its siblings here) that knows both sides.
import type { Config } from "../config.ts";
import { createLogger, type Logger } from "../logger.ts";
import { openDatabase, type Database } from "../adapters/postgres/database.ts";
import { createCoreServices } from "./core-services.ts";
import { createEngines } from "./create-engines.ts";
import { createChatService } from "./chat-services.ts";
import { createIngestServices } from "./ingest-services.ts";
import { createCrawlServices } from "./crawl-services.ts";
import { createAccountServices } from "./create-account-services.ts";
import { databaseHealthCheck, embeddingsHealthCheck } from "./health-checks.ts";
import { siteReadiness } from "../sites/site-readiness.ts";
import { backgroundWork, type BackgroundParts } from "./background-work.ts";
import type { ServiceOverrides, Services } from "./services.ts";

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const log = createLogger(config.logLevel);
  const database = overrides.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const parts = await createParts(config, overrides, database, log);
  const { core, engines, chat, ingest, crawling } = parts;
  const healthChecks = [databaseHealthCheck(database), ...engines.healthChecks, embeddingsHealthCheck(engines.embedder, ingest.embeddingStore)];
  const background = backgroundWork(lifecycle(parts, overrides, database, log));
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
    elasticsearch: engines.elasticsearch,
    search: engines.search,
    queryRecorder: core.analytics.queryRecorder,
    usageRecorder: core.analytics.usageRecorder,
    analytics: core.analytics,
    embedder: engines.embedder,
    documents: ingest.documents,
    ingest: ingest.ingest,
    pages: ingest.pages,
    embeddingQueue: ingest.embeddingQueue,
    ...crawling,
    siteEvents: core.siteEvents,
    accountServices: parts.accountServices,
    startBackgroundWork: background.start,
    close: background.close,
  };
  if (config.runWorkers) services.startBackgroundWork();
  return services;
}

/** Every use case over its adapters, in the order their dependencies allow. */
async function createParts(config: Config, overrides: ServiceOverrides, database: Database, log: Logger) {
  const core = await createCoreServices(config, overrides, database, log);
  const engines = await createEngines(config, overrides, database, log, core);
  const chat = createChatService({
    config,
    db: database.db,
    log,
    hybrid: engines.search.hybrid,
    analytics: core.analytics,
    chatBudget: core.chatBudget,
    clock: overrides.clock,
  });
  const ingest = createIngestServices({
    config,
    db: database.db,
    gate: database.gate,
    log,
    embedder: engines.embedder,
    siteStore: core.siteStore,
    usageRecorder: core.analytics.usageRecorder,
    siteEvents: core.siteEvents,
  });
  const { embeddingQueue } = ingest;
  if (embeddingQueue) core.siteEvents.subscribe(() => embeddingQueue.wake());
  const crawling = createCrawlServices({ config, db: database.db, log, core, documents: ingest.documents, ingest: ingest.ingest });
  const checkReady = siteReadiness(core.siteStore, (orgId, data) => crawling.connectors.webhooks.emit(orgId, "site.ready", data), log);
  core.siteEvents.subscribe(({ siteId }) => void checkReady([siteId]));
  embeddingQueue?.onSitesEmbedded(checkReady);
  const accountServices = createAccountServices({
    db: database.db,
    accounts: core.accounts,
    siteStore: core.siteStore,
    sites: core.sites,
    crawlJobs: crawling.crawlJobs,
    limiter: core.limiter,
    hybrid: engines.search.hybrid,
    clock: overrides.clock,
    record: (event) => core.analytics.queryRecorder.record(event),
  });
  return { core, engines, chat, ingest, crawling, accountServices };
}

/** What runs beside the API and what closes, in the order that lets each part finish what it holds. */
function lifecycle(parts: Awaited<ReturnType<typeof createParts>>, overrides: ServiceOverrides, database: Database, log: Logger): BackgroundParts {
  const { core, engines, chat, ingest, crawling } = parts;
  const { elasticsearch, statistics, embedder } = engines;
  return {
    log,
    crawlWorker: crawling.crawlWorker,
    embeddingQueue: ingest.embeddingQueue,
    connectors: crawling.connectors,
    outboxDrain: elasticsearch?.drainLoop ?? null,
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
      () => elasticsearch?.drainLoop.stop(),
      () => elasticsearch?.close(),
      () => overrides.database === undefined && database.close(),
    ],
  };
}
