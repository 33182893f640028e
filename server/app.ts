// Composition root: picks adapters from config, builds the services, and mounts plugins and routes.
// The only file that knows which engines run.
import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
import type { Config } from "./config.ts";
import { createLogger, type Logger } from "./logger.ts";
import { openDatabase, rows, type Database } from "./adapters/postgres/database.ts";
import { AccountStore } from "./adapters/postgres/account-store.ts";
import { SiteStore } from "./adapters/postgres/site-store.ts";
import { PostgresRateLimitStore } from "./adapters/postgres/rate-limit-store.ts";
import { createElasticsearchServices, type ElasticsearchServices } from "./adapters/elasticsearch/elasticsearch-services.ts";
import { MemoryRateLimitStore } from "./rate-limit/rate-limit-store.ts";
import { RateLimiter } from "./rate-limit/rate-limiter.ts";
import { SiteService } from "./sites/site-service.ts";
import { errorHandler } from "./plugins/error-handler.ts";
import { requestGuards } from "./plugins/request-guards.ts";
import { authPlugin } from "./plugins/auth.ts";
import { siteRoutes } from "./routes/sites.ts";
import { healthRoutes, type HealthCheck } from "./routes/health.ts";
import { ChatStore, FullTextPassageSearch } from "./adapters/postgres/chat-store.ts";
import { AnthropicAnswerModel } from "./adapters/anthropic/answer-model.ts";
import { ChatService } from "./chat/chat-service.ts";
import { chatAdmission } from "./chat/chat-admission.ts";
import { publicChatRoutes } from "./routes/public-chat.ts";
import { createSearchServices, type SearchServices } from "./adapters/postgres/search-services.ts";
import { createEmbedderFromConfig } from "./adapters/embedder/create-embedder.ts";
import type { Embedder } from "./ports/embedder.ts";
import { publicGroupSearchRoutes, publicSearchRoutes } from "./routes/public-search.ts";
import { groupRoutes } from "./routes/groups.ts";
import { Limits } from "../shared/limits.ts";
import { sql } from "drizzle-orm";

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
  /** Set when LEXICAL_ENGINE is elasticsearch: its index is the LexicalIndex, and page writes go through the outbox. */
  elasticsearch: ElasticsearchServices | null;
  /** Hybrid search, public search with its cache (search.publicSearch.invalidateSite), the public gate, groups. */
  search: SearchServices;
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
  const siteStore = new SiteStore(database.db);
  const limiter = new RateLimiter(
    config.rateLimitStore === "postgres" ? new PostgresRateLimitStore(database.db) : new MemoryRateLimitStore(),
    overrides.clock,
  );
  const sites = new SiteService(siteStore);
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
  const chat = new ChatService({
    // Until hybrid search is on Services, chat retrieves with Postgres full-text search (same result shape).
    search: new FullTextPassageSearch(database.db),
    store: new ChatStore(database.db),
    model: anthropic.apiKey ? new AnthropicAnswerModel({ apiKey: anthropic.apiKey, model: anthropic.model, baseURL: anthropic.baseUrl ?? undefined }) : null,
    clock: overrides.clock ?? (() => Date.now() / 1000),
    sessionTtlSeconds: config.chatSessionTtlSeconds,
    onBackgroundError: (what, error) => log.error(what, { error }),
  });
  const elasticsearch = config.lexicalEngine === "elasticsearch" ? createElasticsearchServices(config.elasticsearch, database.db, log) : null;
  if (elasticsearch) healthChecks.push(elasticsearch.healthCheck);
  const stopOutboxDrain = elasticsearch && config.runWorkers ? elasticsearch.drain.start() : null;
  const search = await createSearchServices({
    database, lexicalEngine: config.lexicalEngine, externalIndex: elasticsearch?.index ?? null,
    embedder: overrides.embedder !== undefined ? overrides.embedder : createEmbedderFromConfig(config.embeddings),
    siteStore, limiter, trustProxy: config.trustProxy, log,
  });
  healthChecks.push(search.healthCheck);
  return {
    config, log, database, accounts, siteStore, sites, limiter, healthChecks, chat, elasticsearch, search,
    close: async () => {
      await stopOutboxDrain?.();
      await elasticsearch?.close();
      await database.close();
    },
  };
}

export function createApp(services: Services) {
  const { log } = services;
  const auth = authPlugin({ accounts: services.accounts, limiter: services.limiter });
  // normalize: false makes unknown fields a 400 instead of being dropped silently (see routes/route-group.ts).
  return new Elysia({ normalize: false })
    .use(errorHandler((line, error) => log.error(line, { error })))
    .use(requestGuards(Limits.requestBodyBytes))
    .use(
      openapi({
        path: "/docs",
        specPath: "/openapi.json",
        documentation: {
          info: { title: "site-search API", version: "1.0.0", description: "Site search and AI answers: sites, content, crawls, search, chat, groups, analytics." },
          components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "srch_live_… or srch_test_… API key" } } },
        },
      }),
    )
    .use(healthRoutes(services.healthChecks))
    .use(
      publicChatRoutes({
        chat: services.chat,
        admit: chatAdmission({ sites: services.siteStore, limiter: services.limiter, trustProxy: services.config.trustProxy }),
        onUnexpectedError: (error) => log.error("chat stream failed", { error }),
      }),
    )
    .use(siteRoutes({ sites: services.sites, auth }, "/api/sites"))
    .use(siteRoutes({ sites: services.sites, auth }, "/organisations/:orgId/ai-search/sites"))
    .use(publicSearchRoutes({ gate: services.search.gate, search: services.search.publicSearch, trustProxy: services.config.trustProxy }))
    .use(
      publicGroupSearchRoutes({
        gate: services.search.gate, search: services.search.publicSearch, trustProxy: services.config.trustProxy,
        groups: services.search.groupStore, sites: services.siteStore,
      }),
    )
    .use(groupRoutes({ groups: services.search.groups, auth }));
}

export type App = ReturnType<typeof createApp>;
