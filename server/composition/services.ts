// What the container hands out: the services entry points use, what tests may override, and the shared stores,
// typed by their ports.
import type { Logger } from "../logger.ts";
import type { Database } from "../adapters/postgres/database.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import type { ChatBudget } from "../chat-budget/index.ts";
import type { SecretBox } from "../connectors/index.ts";
import type { CommandStores } from "../cli/command-context.ts";
import type { mountRoutes } from "./routes.ts";
import type { AccountStore } from "../ports/account-store.ts";
import type { AnalyticsStore } from "../ports/analytics-store.ts";
import type { CrawlJobStore } from "../ports/crawl-job-store.ts";
import type { DocumentStore } from "../ports/document-store.ts";
import type { EmbeddingStore } from "../ports/embedding-store.ts";
import type { JobQueue } from "../ports/job-queue.ts";
import type { RefusedOriginStore } from "../ports/refused-origin-store.ts";
import type { SessionStore } from "../ports/session-store.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import type { SiteStore } from "../ports/site-store.ts";
import type { UserStore } from "../ports/user-store.ts";

export interface ServiceOverrides {
  /** Tests move time (sessions, rate-limit windows). */
  clock?: () => number;
  /** Tests pass an embedder (a failing one, or null for keyword search only); the caller closes it. */
  embedder?: Embedder | null;
  /** An open database the caller keeps and closes (tests share one per process instead of booting one per file). */
  database?: Database;
}

/** What entry points (serve, worker, Deno) use. */
export interface Services {
  /** The HTTP app, every route mounted. */
  http: ReturnType<typeof mountRoutes>;
  /** Crawls, embeddings, webhooks, schedules, the search outbox and housekeeping; `worker` and RUN_WORKERS start it. */
  background: { start(): void };
  /** Stops the background work, then closes what the container opened, in the order that loses nothing. */
  close(): Promise<void>;
  log: Logger;
  about: { database: Database["kind"]; embeddings: string | null; workerId: string };
  /** What the CLI's data commands use when they run inside this process (server/cli/service-lock.ts). */
  commandStores: CommandStores;
  /** First run: a one-time link that creates the first owner, or null once a user exists. */
  issueSetupLink(): Promise<string | null>;
}

/** The stores several features (or the test harness) use, typed by their ports; a store one feature alone uses is built where that feature is. */
export interface Stores {
  accounts: AccountStore;
  users: UserStore;
  sessions: SessionStore;
  sites: SiteStore;
  documents: DocumentStore;
  embeddings: EmbeddingStore;
  crawlJobs: CrawlJobStore;
  /** The one job queue: crawl jobs, webhook deliveries and the recurring crawl-schedule tick run on it. */
  jobQueue: JobQueue;
  analytics: AnalyticsStore;
  /** Origins each site refused lately: the public-access gate records them, site settings show them. */
  refusedOrigins: RefusedOriginStore;
  siteEvents: SiteEvents;
  limiter: RateLimiter;
  chatBudget: ChatBudget;
  /** SECRETS_KEY's box: seals crawler credentials and webhook signing secrets. */
  secretBox: SecretBox | null;
  /** Makes visitor hashes this installation's own. */
  analyticsSalt: string;
}
