// Composition of the connectors (issue 18): the webhook outbox and its dispatcher, the crawl scheduler and the
// crawler-credential box, built from config over the Postgres stores and the guarded HTTP sender.
import type { Config } from "./config.ts";
import type { Db } from "./adapters/postgres/database.ts";
import type { Logger } from "./logger.ts";
import { PostgresWebhookStore } from "./adapters/postgres/webhook-store.ts";
import { HttpWebhookSender } from "./adapters/fetch/webhook-sender.ts";
import { WebhookService } from "./connectors/webhook-service.ts";
import { WebhookDispatcher } from "./connectors/webhook-dispatcher.ts";
import { Limits } from "../shared/limits.ts";

export interface Connectors {
  webhooks: WebhookService;
  dispatcher: WebhookDispatcher;
  start(): void;
  stop(): Promise<void>;
}

export function createConnectors(deps: { config: Config; db: Db; log: Logger }): Connectors {
  const { config, log } = deps;
  const store = new PostgresWebhookStore(deps.db);
  const sender = new HttpWebhookSender({
    allowPrivateNetworks: config.crawl.allowPrivateNetworks,
    timeoutMs: Limits.webhookTimeoutSeconds * 1000,
    userAgent: config.crawl.userAgent,
  });
  const dispatcher = new WebhookDispatcher({ store, sender, log, retryBaseSeconds: config.connectors.webhookRetryBaseSeconds });
  const webhooks = new WebhookService(store, sender, () => dispatcher.wake());
  return {
    webhooks,
    dispatcher,
    start: () => dispatcher.start(),
    stop: () => dispatcher.stop(),
  };
}
