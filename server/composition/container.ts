// The container, top to bottom: config picks the database and engines; the stores over the database; each feature's
// module over its stores; site events tied to what derives from sites; every route; the background work and its stop.
import { randomBytes } from "node:crypto";
import type { Config } from "../config.ts";
import { createLogger } from "../logger.ts";
import { Housekeeping } from "../housekeeping.ts";
import { Limits } from "../../shared/limits.ts";
import { openDatabase } from "../adapters/postgres/database.ts";
import { AccountStore } from "../adapters/postgres/account-store.ts";
import { AnalyticsReadStore } from "../adapters/postgres/analytics-read-store.ts";
import { AnalyticsStore } from "../adapters/postgres/analytics-store.ts";
import { PostgresChatBudgetStore } from "../adapters/postgres/chat-budget-store.ts";
import { ChatStore } from "../adapters/postgres/chat-store.ts";
import { CompletionStore } from "../adapters/postgres/completion-store.ts";
import { CrawlJobStore } from "../adapters/postgres/crawl-job-store.ts";
import { databaseHealthCheck } from "../adapters/postgres/database-health-check.ts";
import { DocumentStore } from "../adapters/postgres/document-store.ts";
import { EmbeddingStore } from "../adapters/postgres/embedding-store.ts";
import { GroupStore } from "../adapters/postgres/group-store.ts";
import { InstanceSettingsStore } from "../adapters/postgres/instance-settings-store.ts";
import { PostgresJobQueue } from "../adapters/postgres/job-queue-store.ts";
import { createPostgresLexicalIndex } from "../adapters/postgres/lexical-index-factory.ts";
import { PageAliasStore } from "../adapters/postgres/page-alias-store.ts";
import { PgVectorStore } from "../adapters/postgres/pgvector-store.ts";
import { PostgresRateLimitStore } from "../adapters/postgres/rate-limit-store.ts";
import { RefusedOriginStore } from "../adapters/postgres/refused-origin-store.ts";
import { PostgresScheduleStore } from "../adapters/postgres/schedule-store.ts";
import { SearchChunkStore } from "../adapters/postgres/search-chunk-store.ts";
import { PostgresSessionStore } from "../adapters/postgres/session-store.ts";
import { SiteStore } from "../adapters/postgres/site-store.ts";
import { SiteVocabulary } from "../adapters/postgres/site-vocabulary.ts";
import { StatisticsRefresher } from "../adapters/postgres/statistics-refresher.ts";
import { PostgresUserStore } from "../adapters/postgres/user-store.ts";
import { PostgresWebhookStore } from "../adapters/postgres/webhook-store.ts";
import { MemoryRateLimitStore } from "../adapters/memory/rate-limit-store.ts";
import { SiteEventBus } from "../adapters/memory/site-event-bus.ts";
import { createEmbedderFromConfig } from "../adapters/embedder/create-embedder.ts";
import { AnthropicAnswerModel } from "../adapters/anthropic/answer-model.ts";
import { AnthropicMetadataExtractor } from "../adapters/anthropic/metadata-extractor.ts";
import { createCrawlFetchers } from "../adapters/fetch/crawl-fetchers.ts";
import { HttpWebhookSender } from "../adapters/fetch/webhook-sender.ts";
import { UnpdfReader } from "../adapters/pdf/unpdf-reader.ts";
import type { VectorStore } from "../ports/vector-store.ts";
import { RateLimiter } from "../rate-limit/index.ts";
import { ChatBudget } from "../chat-budget/index.ts";
import { createAccountsModule } from "../accounts/index.ts";
import { createAnalyticsModule, type AnalyticsModule } from "../analytics/index.ts";
import { createChatModule } from "../chat/index.ts";
import { createSchedulesModule, createWebhooksModule, SecretBox, type WebhooksModule } from "../connectors/index.ts";
import { createCrawlModule } from "../crawl/index.ts";
import { createGroupsModule } from "../groups/index.ts";
import { createIngestModule } from "../ingest/index.ts";
import { createSearchModule } from "../search/index.ts";
import { createSitesModule } from "../sites/index.ts";
import { embeddingsHealthCheck } from "../health/index.ts";
import { createJobsModule } from "../jobs/index.ts";
import { createCommandStores } from "./command-stores.ts";
import { mountRoutes } from "./routes.ts";
import type { ServiceOverrides, Services, Stores } from "./services.ts";

/** Builds everything; starts the background work too when RUN_WORKERS is on. */
export async function createContainer(config: Config, overrides: ServiceOverrides = {}) {
  const engines = await openEngines(config, overrides);
  const stores = await createStores(config, engines);
  const features = createFeatures(config, engines, stores);
  const { log, database, embedder } = engines;
  tieSiteEvents(engines, stores, features);
  const http = mountRoutes({ config, log, health: healthChecks(engines, stores, features), stores, features });
  const { background, close } = backgroundWork(engines, features, overrides);
  if (config.runWorkers) background.start();
  const services: Services = {
    ...{ http, background, close, log },
    about: { database: database.kind, embeddings: embedder?.model ?? null, workerId: features.crawl.worker.id },
    commandStores: createCommandStores(config, database),
    issueSetupLink: () => features.accounts.setup.issueSetupLink(),
  };
  const vectors: VectorStore | null = engines.vectors;
  return { services, parts: { config, database, embedder, lexical: engines.lexical, vectors, stores, ...features } };
}

/** Every module and store, typed by ports and use cases: for the test harness and benchmarks, never entry points. */
export type ContainerParts = Awaited<ReturnType<typeof createContainer>>["parts"];

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  return (await createContainer(config, overrides)).services;
}

/** The database, the lexical engine (Postgres or Elasticsearch), the embedder and the vector store config picks. */
async function openEngines(config: Config, overrides: ServiceOverrides) {
  const log = createLogger(config.logLevel);
  const database = overrides.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const { db } = database;
  // Imported only when configured: the Elasticsearch client is a large package no other deployment loads.
  const es = config.lexicalEngine === "elasticsearch" ? await import("./elasticsearch-services.ts") : null;
  const elasticsearch = es?.createElasticsearchServices(config.elasticsearch, db, log) ?? null;
  const embedder =
    overrides.embedder !== undefined
      ? overrides.embedder
      : createEmbedderFromConfig(config.embeddings, {
          onFallback: (error) => log.warn("ONNX Runtime could not load; embedding with the WASM engine instead (same vectors, slower)", { error }),
        });
  const lexical = elasticsearch?.index ?? (await createPostgresLexicalIndex(database, config.lexicalEngine));
  const vectors = embedder ? new PgVectorStore(db, { model: embedder.model, dimensions: embedder.dimensions }) : null;
  await vectors?.ensureIndex();
  const { apiKey, model, baseUrl } = config.anthropic;
  const anthropic = apiKey ? { apiKey, model, baseURL: baseUrl ?? undefined } : null;
  // Embedded PGlite has no autovacuum to keep planner statistics fresh: it runs ANALYZE itself after content changes.
  const statistics = database.kind === "pglite" ? new StatisticsRefresher(db, { onError: (error) => log.warn("ANALYZE failed", { error }) }) : null;
  const clock = overrides.clock;
  const now = clock ? () => new Date(clock() * 1000) : () => new Date();
  return { log, database, elasticsearch, embedder, lexical, vectors, anthropic, statistics, clock, now };
}
type Engines = Awaited<ReturnType<typeof openEngines>>;

async function createStores(config: Config, { database, elasticsearch, embedder, clock, now }: Engines): Promise<Stores> {
  const { db, gate } = database;
  const outbox = elasticsearch !== null;
  return {
    accounts: new AccountStore(db),
    users: new PostgresUserStore(db),
    sessions: new PostgresSessionStore(db),
    sites: new SiteStore(db, { outbox }),
    documents: new DocumentStore(db, outbox, embedder?.model ?? null, gate),
    embeddings: new EmbeddingStore(db, gate),
    crawlJobs: new CrawlJobStore(db, { maxAttempts: config.crawl.maxAttempts }),
    jobQueue: new PostgresJobQueue(db),
    analytics: new AnalyticsStore(db),
    refusedOrigins: new RefusedOriginStore(db),
    siteEvents: new SiteEventBus(),
    limiter: new RateLimiter(config.rateLimitStore === "postgres" ? new PostgresRateLimitStore(db) : new MemoryRateLimitStore(), clock),
    chatBudget: new ChatBudget(new PostgresChatBudgetStore(db), clock ? now : undefined),
    // A malformed key is a ConfigError at start-up.
    secretBox: config.connectors.secretsKey ? await SecretBox.fromSetting(config.connectors.secretsKey) : null,
    // A constant default salt would make visitor hashes comparable across every installation: generate one and keep it.
    analyticsSalt: config.analytics.salt ?? (await new InstanceSettingsStore(db).getOrCreate("analytics_salt", () => randomBytes(32).toString("hex"))),
  };
}

/** Every feature over its stores, in the order their dependencies allow. */
function createFeatures(config: Config, engines: Engines, stores: Stores) {
  const { db } = engines.database;
  const { log } = engines;
  const analytics = createAnalyticsModule({
    store: stores.analytics,
    reads: new AnalyticsReadStore(db),
    sites: stores.sites,
    chatBudget: stores.chatBudget,
    log,
    settings: { ...config.analytics, salt: stores.analyticsSalt },
  });
  const { allowPrivateNetworks, userAgent } = config.crawl;
  const webhooks = createWebhooksModule({
    store: new PostgresWebhookStore(db),
    queue: stores.jobQueue,
    sender: new HttpWebhookSender({ allowPrivateNetworks, userAgent, timeoutMs: Limits.webhookTimeoutSeconds * 1000 }),
    limiter: stores.limiter,
    secretBox: stores.secretBox,
    retryBaseSeconds: config.connectors.webhookRetryBaseSeconds,
    log,
  });
  const sites = createSitesModule({
    store: stores.sites,
    events: stores.siteEvents,
    crawlerSettings: webhooks.crawlerSettings,
    refusedOrigins: stores.refusedOrigins,
    emitReady: (orgId, data) => webhooks.webhooks.emit(orgId, "site.ready", data),
    log,
  });
  const search = createSearchModule({
    lexical: engines.lexical,
    vectors: engines.vectors && { store: engines.vectors, indexName: engines.vectors.indexName },
    embedder: engines.embedder,
    chunks: new SearchChunkStore(db, engines.embedder?.model ?? null),
    vocabulary: new SiteVocabulary(db),
    completions: new CompletionStore(db),
    siteRows: sites.siteRows,
    assertSite: (orgId, siteId) => sites.sites.get(orgId, siteId),
    record: (event) => analytics.queryRecorder.record(event),
    log,
  });
  const chat = createChatModule({
    hybrid: search.hybrid,
    store: new ChatStore(db),
    model: engines.anthropic && new AnthropicAnswerModel(engines.anthropic),
    budget: stores.chatBudget,
    recordQuery: (event) => analytics.queryRecorder.record(event),
    recordUsage: (usage) => analytics.usageRecorder.record(usage),
    clock: engines.clock ?? (() => Date.now() / 1000),
    sessionTtlSeconds: config.chatSessionTtlSeconds,
    log,
  });
  return { analytics, webhooks, sites, search, chat, ...createContentFeatures(config, engines, stores, { analytics, webhooks }) };
}

/** Ingest, crawling, schedules, groups and accounts: the features that write content or manage who may. */
function createContentFeatures(config: Config, engines: Engines, stores: Stores, f: { analytics: AnalyticsModule; webhooks: WebhooksModule }) {
  const { db } = engines.database;
  const { log } = engines;
  const ingest = createIngestModule({
    documents: stores.documents,
    aliases: new PageAliasStore(db, engines.elasticsearch !== null),
    embeddings: stores.embeddings,
    queue: stores.jobQueue,
    embedder: engines.embedder,
    metadataModel: engines.anthropic && new AnthropicMetadataExtractor(engines.anthropic),
    preparation: { workers: config.preparationWorkers, workerUrl: new URL("./preparation-thread.ts", import.meta.url).href },
    pdf: new UnpdfReader(),
    sites: stores.sites,
    siteEvents: stores.siteEvents,
    recordUsage: (usage) => f.analytics.usageRecorder.record(usage),
    log,
  });
  const crawl = createCrawlModule({
    jobs: stores.crawlJobs,
    queue: stores.jobQueue,
    sites: stores.sites,
    documents: stores.documents,
    ingest: ingest.ingest,
    fetchers: () => createCrawlFetchers({ ...config.crawl, timeoutMs: config.crawl.fetchTimeoutMs }),
    credentialsFor: async (siteId) => {
      const site = await stores.sites.getById(siteId);
      return site ? f.webhooks.crawlerSettings.open(site.crawlerAuth, site.baseUrl) : null;
    },
    emit: (orgId, event, data) => f.webhooks.webhooks.emit(orgId, event, data),
    siteEvents: stores.siteEvents,
    log,
    settings: config.crawl,
  });
  const scheduleStore = new PostgresScheduleStore(db);
  const schedules = createSchedulesModule({ store: scheduleStore, queue: stores.jobQueue, crawl: crawl.crawl, webhooks: f.webhooks.webhooks, log });
  const accounts = createAccountsModule({
    users: stores.users,
    sessions: stores.sessions,
    keys: stores.accounts,
    limiter: stores.limiter,
    siteOwned: async (orgId, siteId) => (await stores.sites.getById(siteId))?.orgId === orgId,
    now: engines.now,
  });
  const groups = createGroupsModule({ store: new GroupStore(db), sites: stores.sites });
  const jobs = createJobsModule({ queue: stores.jobQueue, deadLetterRetentionDays: config.jobs.deadLetterRetentionDays });
  return { ingest, crawl, schedules, accounts, groups, jobs };
}
type Features = ReturnType<typeof createFeatures>;

/** What a site's change invalidates or wakes in this process. */
function tieSiteEvents({ statistics }: Engines, { siteEvents }: Stores, { sites, search, ingest }: Features) {
  siteEvents.subscribe(({ siteId }) => sites.siteRows.invalidate(siteId));
  siteEvents.subscribe(({ siteId }) => search.forgetSite(siteId));
  if (statistics) siteEvents.subscribe(() => statistics.contentChanged());
  if (ingest.embeddingQueue) siteEvents.subscribe(() => ingest.embeddingQueue?.wake());
  siteEvents.subscribe(({ siteId }) => void sites.checkReady([siteId]));
  ingest.embeddingQueue?.onSitesEmbedded(sites.checkReady);
}

/** GET /health: the database, the lexical engine, search, and the embedder with its backlog. */
function healthChecks({ database, elasticsearch, embedder }: Engines, stores: Stores, { search }: Features) {
  return [
    databaseHealthCheck(database),
    ...(elasticsearch ? [elasticsearch.healthCheck] : []),
    search.health,
    embeddingsHealthCheck({ embedder, pendingChunks: () => stores.embeddings.pendingCount() }),
  ];
}

/** What runs beside the API, and how everything stops: each part finishes what it holds before what it writes to closes. */
function backgroundWork(engines: Engines, { crawl, ingest, webhooks, schedules, analytics, chat, jobs }: Features, overrides: ServiceOverrides) {
  const { elasticsearch, statistics, embedder, database, log } = engines;
  const housekeeping = new Housekeeping([...analytics.chores, ...chat.chores, ...jobs.chores], log);
  let started = false;
  const background = {
    /** Calling it again does nothing. */
    start() {
      if (started) return;
      started = true;
      crawl.worker.start();
      ingest.embeddingQueue?.start();
      elasticsearch?.drainLoop.start();
      housekeeping.start();
      webhooks.dispatcher.start();
      schedules.scheduler.start();
    },
  };
  const close = async () => {
    await housekeeping.stop();
    await schedules.scheduler.stop();
    await webhooks.dispatcher.stop();
    await crawl.worker.stop();
    await ingest.embeddingQueue?.stop();
    await ingest.close();
    await statistics?.close();
    // An embedder the caller passed in is the caller's to close; one built here (the MiniLM workers) is ours.
    if (overrides.embedder === undefined) (embedder as { close?(): void } | null)?.close?.();
    // The recorders write their last batches before the outbox drain and the database go.
    await analytics.flush();
    await elasticsearch?.drainLoop.stop();
    await elasticsearch?.close();
    if (overrides.database === undefined) await database.close();
  };
  return { background, close };
}
