// The connectors as the container builds them, in two parts because crawling sits between them: webhooks (the
// use cases and the dispatcher that delivers from the job queue), which the crawl worker emits to, and crawl
// schedules, which start crawls.
import type { JobQueue } from "../ports/job-queue.ts";
import type { ScheduleStore } from "../ports/schedule-store.ts";
import type { WebhookSender } from "../ports/webhook-sender.ts";
import type { WebhookStore } from "../ports/webhook-store.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import type { Logger } from "../logger.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { processWorkerId } from "../jobs/index.ts";
import { DomainError } from "../errors/domain-error.ts";
import { CrawlScheduler } from "./crawl-scheduler.ts";
import { CrawlerSettings } from "./crawler-settings.ts";
import type { SecretBox } from "./secret-box.ts";
import { WebhookDispatcher } from "./webhook-dispatcher.ts";
import { WebhookSecrets } from "./webhook-secrets.ts";
import { WebhookService } from "./webhook-service.ts";

export { SecretBox } from "./secret-box.ts";

export interface WebhooksModuleDeps {
  store: WebhookStore;
  queue: JobQueue;
  sender: WebhookSender;
  limiter: RateLimiter;
  /** SECRETS_KEY's box, sealing signing secrets and crawler credentials; null keeps them as they are. */
  secretBox: SecretBox | null;
  retryBaseSeconds: number;
  log: Logger;
}

export function createWebhooksModule(deps: WebhooksModuleDeps) {
  const secrets = new WebhookSecrets(deps.secretBox);
  const dispatcher = new WebhookDispatcher({
    store: deps.store,
    queue: deps.queue,
    sender: deps.sender,
    log: deps.log,
    secrets,
    workerId: processWorkerId(),
    retryBaseSeconds: deps.retryBaseSeconds,
  });
  const webhooks = new WebhookService(deps.store, deps.sender, { onEnqueued: () => dispatcher.wake(), limiter: deps.limiter, secrets });
  return { webhooks, dispatcher, crawlerSettings: new CrawlerSettings(deps.secretBox) };
}

export type WebhooksModule = ReturnType<typeof createWebhooksModule>;

export interface SchedulesModuleDeps {
  store: ScheduleStore;
  /** Starts crawls; start() throws a Conflict DomainError when one is already pending or running. */
  crawl: { start(orgId: string, siteId: string): Promise<unknown> };
  webhooks: Pick<WebhookService, "emit">;
  log: Logger;
  /** The job queue the scheduler's tick is a recurring job of, so one process at a time runs it. */
  queue: JobQueue;
}

export function createSchedulesModule(deps: SchedulesModuleDeps) {
  const scheduler = new CrawlScheduler({
    store: deps.store,
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
      await deps.webhooks.emit(site.orgId, "site.stale", {
        siteId: site.siteId,
        lastCrawledAt: site.lastCrawledAt ? Math.floor(site.lastCrawledAt.getTime() / 1000) : null,
        schedule: site.schedule,
      });
    },
    log: deps.log,
    queue: deps.queue,
    workerId: processWorkerId(),
  });
  return { scheduler };
}
