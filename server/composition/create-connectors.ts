// Composition of the connectors: the webhook outbox and its dispatcher, the crawl scheduler and the
// crawler-credential box, built from config over the Postgres stores and the guarded HTTP sender.
import type { Config } from "../config.ts";
import type { Db } from "../adapters/postgres/database.ts";
import type { Logger } from "../logger.ts";
import { PostgresWebhookStore } from "../adapters/postgres/webhook-store.ts";
import { PostgresJobQueue } from "../adapters/postgres/job-queue-store.ts";
import { HttpWebhookSender } from "../adapters/fetch/webhook-sender.ts";
import { WebhookService } from "../connectors/webhook-service.ts";
import { WebhookDispatcher } from "../connectors/webhook-dispatcher.ts";
import { PostgresScheduleStore } from "../adapters/postgres/schedule-store.ts";
import { CrawlScheduler } from "../connectors/crawl-scheduler.ts";
import type { CrawlerSettings } from "../connectors/crawler-settings.ts";
import { SecretBox } from "../connectors/secret-box.ts";
import { WebhookSecrets } from "../connectors/webhook-secrets.ts";
import type { CrawlService } from "../crawl/crawl-service.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import { DomainError } from "../errors/domain-error.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { Limits } from "../../shared/limits.ts";

/** The box of SECRETS_KEY, or null when it is unset; throws ConfigError at start-up when it is malformed. */
export async function createSecretBox(config: Config): Promise<SecretBox | null> {
  const key = config.connectors.secretsKey;
  return key ? SecretBox.fromSetting(key) : null;
}

export interface Connectors {
  webhooks: WebhookService;
  dispatcher: WebhookDispatcher;
  scheduler: CrawlScheduler;
  crawlerSettings: CrawlerSettings;
  start(): void;
  stop(): Promise<void>;
}

interface ConnectorDeps {
  config: Config;
  db: Db;
  log: Logger;
  crawl: CrawlService;
  crawlerSettings: CrawlerSettings;
  limiter: RateLimiter;
  secretBox: SecretBox | null;
  /** Names this process in the leases it holds. */
  workerId: string;
}

/** The webhook store, the guarded sender and the dispatcher that runs webhook jobs from the job queue. */
function createDelivery(deps: ConnectorDeps, queue: PostgresJobQueue) {
  const { config } = deps;
  const store = new PostgresWebhookStore(deps.db);
  const sender = new HttpWebhookSender({
    allowPrivateNetworks: config.crawl.allowPrivateNetworks,
    timeoutMs: Limits.webhookTimeoutSeconds * 1000,
    userAgent: config.crawl.userAgent,
  });
  const secrets = new WebhookSecrets(deps.secretBox);
  const dispatcher = new WebhookDispatcher({
    store,
    queue,
    sender,
    log: deps.log,
    secrets,
    workerId: deps.workerId,
    retryBaseSeconds: config.connectors.webhookRetryBaseSeconds,
  });
  return { store, sender, secrets, dispatcher };
}

export function createConnectors(deps: ConnectorDeps): Connectors {
  const { log } = deps;
  const queue = new PostgresJobQueue(deps.db);
  const { store, sender, secrets, dispatcher } = createDelivery(deps, queue);
  const webhooks = new WebhookService(store, sender, { onEnqueued: () => dispatcher.wake(), limiter: deps.limiter, secrets });
  const scheduler = new CrawlScheduler({
    store: new PostgresScheduleStore(deps.db),
    startCrawl: async (orgId, siteId) => {
      try {
        await deps.crawl.start(orgId, siteId);
        return true;
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCode.Conflict) return false;
        throw error;
      }
    },
    onStale: async (site) => {
      await webhooks.emit(site.orgId, "site.stale", {
        siteId: site.siteId,
        lastCrawledAt: site.lastCrawledAt ? Math.floor(site.lastCrawledAt.getTime() / 1000) : null,
        schedule: site.schedule,
      });
    },
    log,
    queue,
    workerId: deps.workerId,
  });
  return {
    webhooks,
    dispatcher,
    scheduler,
    crawlerSettings: deps.crawlerSettings,
    start: () => {
      dispatcher.start();
      scheduler.start();
    },
    stop: async () => {
      await scheduler.stop();
      await dispatcher.stop();
    },
  };
}
