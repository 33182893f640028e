// The stores and services every other part is built on: organisations and keys, sites and who hears of their changes,
// rate limits, the chat budget and analytics (with the instance's visitor-hash salt).
import { randomBytes } from "node:crypto";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { Database } from "../adapters/postgres/database.ts";
import { AccountStore } from "../adapters/postgres/account-store.ts";
import { InstanceSettingsStore } from "../adapters/postgres/instance-settings-store.ts";
import { SiteStore } from "../adapters/postgres/site-store.ts";
import { PostgresRateLimitStore } from "../adapters/postgres/rate-limit-store.ts";
import { PostgresChatBudgetStore } from "../adapters/postgres/chat-budget-store.ts";
import { MemoryRateLimitStore } from "../adapters/memory/rate-limit-store.ts";
import { RateLimiter } from "../rate-limit/rate-limiter.ts";
import { RefusedOriginStore } from "../adapters/postgres/refused-origin-store.ts";
import { SiteService } from "../sites/site-service.ts";
import { SiteEventBus } from "../adapters/memory/site-event-bus.ts";
import { ChatBudget } from "../chat-budget/index.ts";
import { createAnalyticsServices } from "./analytics-services.ts";
import { createSecretBox } from "./create-connectors.ts";
import { CrawlerSettings } from "../connectors/crawler-settings.ts";
import type { ServiceOverrides } from "./services.ts";

export async function createCoreServices(config: Config, overrides: ServiceOverrides, database: Database, log: Logger) {
  const accounts = new AccountStore(database.db);
  const siteStore = new SiteStore(database.db, { outbox: config.lexicalEngine === "elasticsearch" });
  const limiter = new RateLimiter(config.rateLimitStore === "postgres" ? new PostgresRateLimitStore(database.db) : new MemoryRateLimitStore(), overrides.clock);
  const siteEvents = new SiteEventBus();
  // One key seals crawler credentials and webhook signing secrets; ConfigError at start-up when it is malformed.
  const secretBox = await createSecretBox(config);
  const crawlerSettings = new CrawlerSettings(secretBox);
  const refusedOrigins = new RefusedOriginStore(database.db);
  const sites = new SiteService(siteStore, siteEvents, crawlerSettings, refusedOrigins);
  const chatBudget = new ChatBudget(new PostgresChatBudgetStore(database.db), overrides.clock ? () => new Date(overrides.clock!() * 1000) : undefined);
  // A constant default salt would make visitor hashes comparable across every installation: generate one and keep it.
  const salt = config.analytics.salt ?? (await new InstanceSettingsStore(database.db).getOrCreate("analytics_salt", () => randomBytes(32).toString("hex")));
  const analytics = createAnalyticsServices({ ...config.analytics, salt }, database.db, siteStore, log, chatBudget);
  return { accounts, siteStore, limiter, siteEvents, secretBox, crawlerSettings, sites, chatBudget, analytics, refusedOrigins };
}

export type CoreServices = Awaited<ReturnType<typeof createCoreServices>>;
