// What the composition root hands the HTTP app, the worker command and the tests: every use case and store, built once.
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { Database } from "../adapters/postgres/database.ts";
import type { AccountStore } from "../adapters/postgres/account-store.ts";
import type { SiteStore } from "../adapters/postgres/site-store.ts";
import type { DocumentStore } from "../adapters/postgres/document-store.ts";
import type { CrawlJobStore } from "../adapters/postgres/crawl-job-store.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { HealthCheck } from "../ports/health-check.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import type { SiteService } from "../sites/site-service.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import type { ChatService } from "../chat/chat-service.ts";
import type { ChatBudget } from "../chat-budget/index.ts";
import type { QueryRecorder } from "../analytics/event-recorder.ts";
import type { UsageRecorder } from "../analytics/usage-recorder.ts";
import type { IngestService } from "../ingest/ingest-service.ts";
import type { PageService } from "../ingest/page-service.ts";
import type { EmbeddingQueue } from "../ingest/embedding-queue.ts";
import type { CrawlService } from "../crawl/crawl-service.ts";
import type { CrawlWorker } from "../crawl/crawl-worker.ts";
import type { AnalyticsServices } from "./analytics-services.ts";
import type { ElasticsearchServices } from "./elasticsearch-services.ts";
import type { SearchServices } from "./search-services.ts";
import type { AccountServices } from "./create-account-services.ts";
import type { Connectors } from "./create-connectors.ts";

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
  /** Webhooks (outbox + dispatcher), crawl schedules, crawler credentials. */
  connectors: Connectors;
  /** Told after a site's content or settings changed (search cache, embedding queue). */
  siteEvents: SiteEvents;
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
  /** An open database the caller keeps and closes (tests share one per process instead of booting one per file). */
  database?: Database;
}
