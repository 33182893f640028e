// Composition root: picks adapters from config, builds the services, and mounts plugins and routes.
// The only file that knows which engines run.
import { randomBytes } from "node:crypto";
import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
import type { Config } from "./config.ts";
import { Housekeeping } from "./housekeeping.ts";
import { createLogger, upstreamFailureFields as upstreamFields, type Logger } from "./logger.ts";
import { openDatabase, rows, type Database } from "./adapters/postgres/database.ts";
import { AccountStore } from "./adapters/postgres/account-store.ts";
import { healthDetailsAllowed } from "./auth/health-details-access.ts";
import { InstanceSettingsStore } from "./adapters/postgres/instance-settings-store.ts";
import { SiteStore } from "./adapters/postgres/site-store.ts";
import { PostgresRateLimitStore } from "./adapters/postgres/rate-limit-store.ts";
import { createElasticsearchServices, type ElasticsearchServices } from "./adapters/elasticsearch/elasticsearch-services.ts";
import { MemoryRateLimitStore } from "./rate-limit/rate-limit-store.ts";
import { RateLimiter } from "./rate-limit/rate-limiter.ts";
import { SiteService } from "./sites/site-service.ts";
import { errorHandler } from "./plugins/error-handler.ts";
import { requestGuards } from "./plugins/request-guards.ts";
import { publicCors } from "./plugins/public-cors.ts";
import { storableText } from "./plugins/storable-text.ts";
import { boundedBody } from "./plugins/bounded-body.ts";
import { principalPlugin, principalOf } from "./plugins/auth.ts";
import { siteRoutes } from "./routes/sites.ts";
import { healthRoutes, type HealthCheck } from "./routes/health.ts";
import { widgetAssetRoutes } from "./routes/widget-assets.ts";
import { ChatStore } from "./adapters/postgres/chat-store.ts";
import { AnthropicAnswerModel } from "./adapters/anthropic/answer-model.ts";
import { ChatService } from "./chat/chat-service.ts";
import { ChatBudget } from "./chat/chat-budget.ts";
import { PostgresChatBudgetStore } from "./adapters/postgres/chat-budget-store.ts";
import { HybridPassageSearch } from "./chat/hybrid-passages.ts";
import { publicChatRoutes } from "./routes/public-chat.ts";
import { createAnalyticsServices, type AnalyticsServices } from "./adapters/postgres/analytics-services.ts";
import type { QueryRecorder } from "./analytics/event-recorder.ts";
import type { UsageRecorder } from "./analytics/usage-recorder.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { usageRoutes } from "./routes/usage.ts";
import { publicFeedbackRoutes } from "./routes/public-feedback.ts";
import { createSearchServices, type SearchServices } from "./adapters/postgres/search-services.ts";
import { createEmbedderFromConfig } from "./adapters/embedder/create-embedder.ts";
import type { Embedder } from "./ports/embedder.ts";
import { publicGroupSearchRoutes, publicSearchRoutes } from "./routes/public-search.ts";
import { publicSuggestRoutes } from "./routes/public-suggest.ts";
import { groupRoutes } from "./routes/groups.ts";
import type { MetadataExtractor } from "./ports/metadata-extractor.ts";
import { AnthropicMetadataExtractor } from "./adapters/anthropic/metadata-extractor.ts";
import { DocumentStore } from "./adapters/postgres/document-store.ts";
import { EmbeddingStore } from "./adapters/postgres/embedding-store.ts";
import { StatisticsRefresher } from "./adapters/postgres/statistics-refresher.ts";
import { CrawlJobStore } from "./adapters/postgres/crawl-job-store.ts";
import { HeuristicMetadataExtractor } from "./ingest/heuristic-metadata.ts";
import { IngestService } from "./ingest/ingest-service.ts";
import { PreparationPool } from "./ingest/preparation-pool.ts";
import { PageService } from "./ingest/page-service.ts";
import { EmbeddingQueue } from "./ingest/embedding-queue.ts";
import { CrawlService } from "./crawl/crawl-service.ts";
import type { CrawlWorker } from "./crawl/crawl-worker.ts";
import { createCrawlWorker } from "./create-crawl-worker.ts";
import { pageRoutes } from "./routes/pages.ts";
import { crawlRoutes } from "./routes/crawl.ts";
import { createConnectors, createCrawlerSettings, type Connectors } from "./create-connectors.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { UnpdfReader } from "./adapters/pdf/unpdf-reader.ts";
import { orgMcpRoutes, publicMcpRoutes } from "./routes/mcp.ts";
import { llmsTxtRoutes } from "./routes/llms-txt.ts";
import { Limits } from "../shared/limits.ts";
import { sql } from "drizzle-orm";
import { createAccountServices, type AccountServices } from "./create-account-services.ts";
import { sessionRoutes } from "./routes/session.ts";
import { keyRoutes } from "./routes/keys.ts";
import { siteSearchRoutes } from "./routes/site-search.ts";
import { dashboardRoutes } from "./routes/dashboard-assets.ts";
import { join } from "node:path";

export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  accounts: AccountStore;
  siteStore: SiteStore;
  sites: SiteService;
  limiter: RateLimiter;
  healthChecks: HealthCheck[];
  chat: ChatService;
  /** Each site's public chat budget per UTC day (requests and model tokens). */
  chatBudget: ChatBudget;
  /** Search and chat routes call record(...) after responding; it never throws or waits. */
  queryRecorder: QueryRecorder;
  /** Model calls (chat answers, metadata extraction) call record(...) with their tokens. */
  usageRecorder: UsageRecorder;
  analytics: AnalyticsServices;
  /** Set when LEXICAL_ENGINE is elasticsearch: its index is the LexicalIndex, and page writes go through the outbox. */
  elasticsearch: ElasticsearchServices | null;
  /** Hybrid search, public search with its cache (search.publicSearch.invalidateSite), the public gate, groups. */
  search: SearchServices;
  /** Null when search runs keyword-only. */
  embedder: Embedder | null;
  documents: DocumentStore;
  ingest: IngestService;
  pages: PageService;
  /** Gives new chunks their vectors; null without an embedder. Started by startBackgroundWork. */
  embeddingQueue: EmbeddingQueue | null;
  crawlJobs: CrawlJobStore;
  crawl: CrawlService;
  /** Runs crawl jobs; started by startBackgroundWork (tests drive it themselves). */
  crawlWorker: CrawlWorker;
  /** Dashboard users and sessions, first-run setup, the key API, authenticated site search. */
  accountServices: AccountServices;
  /** Webhooks (outbox + dispatcher), crawl schedules, crawler credentials (issue 18). */
  connectors: Connectors;
  /** Told after a site's content or settings changed (search cache, embedding queue). */
  siteChangeListeners: Array<(siteId: string) => void>;
  /**
   * Starts the work beside the API (server/housekeeping.ts and the rest): crawl jobs, the embedding queue, the search
   * outbox drain when Elasticsearch is the lexical engine, and hourly housekeeping. createServices calls it when
   * RUN_WORKERS is on; `site-search worker` calls it itself. Calling it again does nothing.
   */
  startBackgroundWork(): void;
  /** Stops background work and closes the database. */
  close(): Promise<void>;
}

export interface ServiceOverrides {
  /** Tests inject a clock to move time (sessions, rate-limit windows). */
  clock?: () => number;
  /** Tests inject an embedder (a failing one, or null for keyword search only). */
  embedder?: Embedder | null;
}

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const accounts = new AccountStore(database.db);
  const usesOutbox = config.lexicalEngine === "elasticsearch";
  const siteStore = new SiteStore(database.db, { outbox: usesOutbox });
  const limiter = new RateLimiter(
    config.rateLimitStore === "postgres" ? new PostgresRateLimitStore(database.db) : new MemoryRateLimitStore(),
    overrides.clock,
  );
  const siteChangeListeners: Array<(siteId: string) => void> = [];
  const notifySiteChanged = (siteId: string) => {
    for (const listener of siteChangeListeners) listener(siteId);
  };
  const crawlerSettings = await createCrawlerSettings(config);
  const sites = new SiteService(siteStore, {
    onSiteChanged: notifySiteChanged,
    // The site row cascades to pages and chunks; an external index hears of it through the outbox (SiteStore.delete).
    onSiteDeleted: async (siteId) => notifySiteChanged(siteId),
  }, crawlerSettings);
  const chatBudget = new ChatBudget(new PostgresChatBudgetStore(database.db), overrides.clock ? () => new Date(overrides.clock!() * 1000) : undefined);
  // A constant default salt would make visitor hashes comparable across every installation: generate one and keep it.
  const salt = config.analytics.salt ?? (await new InstanceSettingsStore(database.db).getOrCreate("analytics_salt", () => randomBytes(32).toString("hex")));
  const analytics = createAnalyticsServices({ ...config.analytics, salt }, database.db, siteStore, log, chatBudget);
  const healthChecks: HealthCheck[] = [
    {
      name: "database",
      check: async () => {
        await rows(database.db, sql`SELECT 1`);
        return { ok: true, engine: database.kind, extensions: [...database.extensions].sort() };
      },
    },
  ];
  const { anthropic } = config;
  const embedder = overrides.embedder !== undefined ? overrides.embedder : createEmbedderFromConfig(config.embeddings, {
    onFallback: (error) => log.warn("ONNX Runtime could not load; embedding with the WASM engine instead (same vectors, slower)", { error }),
  });
  const elasticsearch = config.lexicalEngine === "elasticsearch" ? createElasticsearchServices(config.elasticsearch, database.db, log) : null;
  if (elasticsearch) healthChecks.push(elasticsearch.healthCheck);
  let stopOutboxDrain: (() => Promise<void>) | null = null;
  const search = await createSearchServices({
    database, lexicalEngine: config.lexicalEngine, externalIndex: elasticsearch?.index ?? null,
    embedder,
    siteStore, limiter, trustProxy: config.trustProxy, log,
    onSearched: (e) => {
      for (const siteId of e.siteIds) {
        analytics.queryRecorder.record({ orgId: e.orgId, siteId, kind: "search", query: e.query, resultCount: e.resultCount, latencyMs: e.latencyMs, ip: e.ip, channel: "public" });
      }
    },
  });
  healthChecks.push(search.healthCheck);
  siteChangeListeners.push((siteId) => search.publicSearch.invalidateSite(siteId));
  const statistics = database.kind === "pglite" ? new StatisticsRefresher(database.db, { onError: (error) => log.warn("ANALYZE failed", { error }) }) : null;
  if (statistics) siteChangeListeners.push(() => statistics.contentChanged());
  const chat = new ChatService({
    search: new HybridPassageSearch(search.hybrid),
    store: new ChatStore(database.db),
    model: anthropic.apiKey ? new AnthropicAnswerModel({ apiKey: anthropic.apiKey, model: anthropic.model, baseURL: anthropic.baseUrl ?? undefined }) : null,
    clock: overrides.clock ?? (() => Date.now() / 1000),
    sessionTtlSeconds: config.chatSessionTtlSeconds,
    onBackgroundError: (what, error) => log.error(what, { error }),
    onModelError: (error, site) => log.warn("answer model failed", { siteId: site.id, ...upstreamFields(error) }),
    onAnswered: (e) =>
      analytics.queryRecorder.record({ orgId: e.orgId, siteId: e.siteId, kind: "chat", query: e.question, resultCount: e.sources, latencyMs: e.latencyMs, ip: e.ip, channel: "public" }),
    onModelUsage: (usage) => {
      analytics.usageRecorder.record(usage);
      chatBudget.addTokens(usage.siteId, usage.inputTokens + usage.outputTokens).catch((error) => log.warn("chat budget: could not add tokens", { siteId: usage.siteId, error }));
    },
  });

  const documents = new DocumentStore(database.db, usesOutbox, embedder?.model ?? null);
  const embeddingStore = new EmbeddingStore(database.db);
  const embeddingQueue = embedder ? new EmbeddingQueue(embeddingStore, embedder, log) : null;
  if (embeddingQueue) siteChangeListeners.push(() => embeddingQueue.wake());
  const heuristics = new HeuristicMetadataExtractor();
  const metadata: MetadataExtractor = anthropic.apiKey
    ? new AnthropicMetadataExtractor({ apiKey: anthropic.apiKey, model: anthropic.model, baseURL: anthropic.baseUrl ?? undefined })
    : heuristics;
  const preparation = config.preparationWorkers > 0 ? new PreparationPool({ workers: config.preparationWorkers }) : null;
  const ingest = new IngestService({
    documents, metadata, heuristics, preparer: preparation ?? undefined, pdf: new UnpdfReader(),
    onSiteChanged: notifySiteChanged,
    onModelUsage: (usage) => analytics.usageRecorder.record(usage),
    onMetadataFallback: (url, error) => log.warn("metadata model failed; heuristics filled in", { url, ...upstreamFields(error) }),
    onPageFailed: (error, page) => log.error("page not stored", { error, ...page }),
  });
  const pages = new PageService(siteStore, documents, ingest, notifySiteChanged);
  const crawlJobs = new CrawlJobStore(database.db);
  const crawl = new CrawlService(siteStore, crawlJobs, () => crawlWorker.wake(), (jobId) => crawlWorker.cancel(jobId));
  const connectors = createConnectors({ config, db: database.db, log, crawl, crawlerSettings });
  const crawlWorker = createCrawlWorker({ config, log, crawlJobs, siteStore, documents, ingest, siteChangeListeners, connectors });
  healthChecks.push({
    name: "embeddings",
    check: async () => ({ ok: true, model: embedder?.model ?? null, dimensions: embedder?.dimensions ?? null, pendingChunks: await embeddingStore.pendingCount() }),
  });
  const housekeeping = new Housekeeping(
    [
      { name: "raw analytics events past their retention", run: () => analytics.pruneOldEvents() },
      { name: "expired chat sessions", run: () => chat.pruneExpiredSessions() },
    ],
    log,
  );
  const accountServices = createAccountServices({
    db: database.db, accounts, siteStore, sites, crawlJobs, limiter, hybrid: search.hybrid, clock: overrides.clock,
    record: (event) => analytics.queryRecorder.record(event),
  });
  let backgroundStarted = false;

  const services: Services = {
    startBackgroundWork: () => {
      if (backgroundStarted) return;
      backgroundStarted = true;
      crawlWorker.start();
      embeddingQueue?.start();
      stopOutboxDrain = elasticsearch?.drain.start() ?? null;
      housekeeping.start();
      connectors.start();
    },
    config, log, database, accounts, siteStore, sites, limiter, healthChecks, chat, chatBudget, elasticsearch, search,
    queryRecorder: analytics.queryRecorder, usageRecorder: analytics.usageRecorder, analytics,
    embedder, documents, ingest, pages, embeddingQueue, crawlJobs, crawl, crawlWorker, siteChangeListeners, accountServices, connectors,
    close: async () => {
      await housekeeping.stop();
      await connectors.stop();
      await crawlWorker.stop();
      await embeddingQueue?.stop();
      preparation?.close();
      await statistics?.close();
      // An embedder the caller passed in is the caller's to close; one built here (the MiniLM workers) is ours.
      if (overrides.embedder === undefined) (embedder as { close?(): void } | null)?.close?.();
      await analytics.flush();
      await stopOutboxDrain?.();
      await elasticsearch?.close();
      await database.close();
    },
  };
  if (config.runWorkers) services.startBackgroundWork();
  return services;
}

export function createApp(services: Services) {
  const { log } = services;
  const { sessions, setup, keys, siteSearch, jobSite } = services.accountServices;
  const authDeps = { accounts: services.accounts, limiter: services.limiter, sessions, jobSite, trustProxy: services.config.trustProxy };
  const principal = principalPlugin(authDeps);
  // Searching and managing keys are not API writes the Free plan is kept from (decisions.md).
  const principalAnyPlan = principalPlugin(authDeps, { skipPlan: true });
  // normalize: false makes unknown fields a 400 instead of being dropped silently (see routes/route-group.ts).
  return new Elysia({ normalize: false })
    .use(errorHandler((line, fields) => log.error(line, fields)))
    // Before the guards: their 431 and 413 on a public route must be readable by the widget too.
    .use(publicCors())
    .use(requestGuards())
    .use(boundedBody((request) => principalOf(authDeps, request)))
    .use(storableText())
    .use(
      openapi({
        // No viewer from a public CDN: the dashboard renders /openapi.json itself, and /docs points there.
        provider: null,
        specPath: "/openapi.json",
        documentation: {
          info: { title: "site-search API", version: "1.0.0", description: "Site search and AI answers: sites, content, crawls, search, chat, groups, analytics." },
          components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "srch_live_… or srch_test_… API key" } } },
        },
      }),
    )
    .use(healthRoutes({ checks: services.healthChecks, showDetails: (authorization) => healthDetailsAllowed(services.config.healthDetails, services.accounts, authorization) }))
    .use(widgetAssetRoutes(services.config.widgetDir))
    .use(dashboardRoutes(join(services.config.widgetDir, "dashboard")))
    .use(sessionRoutes({ sessions, setup, trustProxy: services.config.trustProxy }))
    .use(keyRoutes({ keys, principal: principalAnyPlan }))
    .use(siteSearchRoutes({ search: siteSearch, principal: principalAnyPlan }))
    .use(
      publicChatRoutes({
        chat: services.chat, budget: services.chatBudget, gate: services.search.gate, trustProxy: services.config.trustProxy,
        onUnexpectedError: (error) => log.error("chat stream failed", { error }),
      }),
    )
    .use(siteRoutes({ sites: services.sites, principal }, "/api/sites"))
    .use(siteRoutes({ sites: services.sites, principal }, "/organisations/:orgId/ai-search/sites"))
    .use(pageRoutes({ pages: services.pages, limiter: services.limiter, principal }, "/api/sites"))
    .use(pageRoutes({ pages: services.pages, limiter: services.limiter, principal }, "/organisations/:orgId/ai-search/sites"))
    .use(crawlRoutes({ crawl: services.crawl, principal }))
    .use(webhookRoutes({ webhooks: services.connectors.webhooks, principal }))
    .use(orgMcpRoutes({ principal, search: services.search.publicSearch, chat: services.chat, sites: services.siteStore }))
    .use(llmsTxtRoutes({ gate: services.search.gate, documents: services.documents, trustProxy: services.config.trustProxy }))
    .use(publicMcpRoutes({ gate: services.search.gate, search: services.search.publicSearch, chat: services.chat, sites: services.siteStore, trustProxy: services.config.trustProxy }))
    .use(analyticsRoutes({ analytics: services.analytics.analytics, principal }))
    .use(usageRoutes({ usage: services.analytics.usage, principal }))
    .use(publicFeedbackRoutes({ ...services.analytics.publicFeedback, gate: services.search.gate, trustProxy: services.config.trustProxy }))
    .use(publicSearchRoutes({ gate: services.search.gate, search: services.search.publicSearch, trustProxy: services.config.trustProxy }))
    .use(publicSuggestRoutes({ gate: services.search.gate, suggest: services.search.suggest, trustProxy: services.config.trustProxy }))
    .use(
      publicGroupSearchRoutes({
        gate: services.search.gate, search: services.search.publicSearch, trustProxy: services.config.trustProxy,
        groups: services.search.groupStore, sites: services.siteStore,
      }),
    )
    .use(groupRoutes({ groups: services.search.groups, principal: principalPlugin(authDeps, { requiredPlan: "enterprise" }) }));
}

export type App = ReturnType<typeof createApp>;
