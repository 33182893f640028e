// Sends webhook deliveries from the job queue: each delivery is a job that signs and POSTs it and records the outcome,
// retried with exponential backoff (the first retry after `retryBaseSeconds`, 10 s by default, so well within 30 s).
// The job runner keeps a continuous pool in which organisations take turns and one organisation holds at most
// `perOrg` slots, so a receiver that hangs until the timeout delays only its own deliveries.
import { Limits } from "../../shared/limits.ts";
import { WebhookSignatureHeader } from "../../shared/webhooks.ts";
import { JobRunner, type JobHandler } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";
import type { ClaimedJob, JobQueue } from "../ports/job-queue.ts";
import type { WebhookSender } from "../ports/webhook-sender.ts";
import { webhookJobKind, type ClaimedDelivery, type WebhookStore } from "../ports/webhook-store.ts";
import { signatureHeader } from "./webhook-signature.ts";
import type { WebhookSecrets } from "./webhook-secrets.ts";

export interface WebhookDispatcherOptions {
  store: WebhookStore;
  queue: JobQueue;
  sender: WebhookSender;
  log: Logger;
  workerId: string;
  retryBaseSeconds: number;
  /** Opens signing secrets sealed under SECRETS_KEY; without it stored secrets are used as they are. */
  secrets?: WebhookSecrets;
  /** How often the queue is looked at when nothing calls wake() (events written by other processes, retries). */
  pollMs?: number;
  /** Deliveries drainOnce() claims at most. */
  batchSize?: number;
  /** Deliveries in flight at once, in all and per organisation (defaults in Limits). */
  concurrency?: number;
  perOrg?: number;
}

/** Seconds before attempt n+1 after n failed attempts: base·2^(n-1), at most an hour. */
export const retryDelaySeconds = (base: number, failedAttempts: number) => Math.min(3600, base * 2 ** (failedAttempts - 1));

export class WebhookDispatcher {
  private readonly runner: JobRunner;

  constructor(private readonly options: WebhookDispatcherOptions) {
    const handler: JobHandler = {
      kind: webhookJobKind,
      leaseSeconds: Limits.webhookTimeoutSeconds * 3,
      retryInSeconds: (failed) => retryDelaySeconds(options.retryBaseSeconds, failed),
      run: (job, signal) => this.attempt(job, signal),
    };
    this.runner = new JobRunner({
      queue: options.queue,
      handler,
      workerId: options.workerId,
      log: options.log,
      concurrency: options.concurrency ?? Limits.webhookConcurrency,
      perOrg: options.perOrg ?? Limits.webhookInFlightPerOrg,
      pollMs: options.pollMs,
    });
  }

  start(): void {
    this.runner.start();
  }

  wake(): void {
    this.runner.wake();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  /**
   * Sends the deliveries due now (up to a batch, in organisations' turns), or only one organisation's, and waits for
   * them; returns how many. For tests and one-shot runs: on a shared database other organisations' may be due too.
   */
  drainOnce(orgId?: string): Promise<number> {
    return this.runner.drainOnce({ limit: this.options.batchSize ?? 20, orgId });
  }

  /** One attempt: the outcome is logged on the delivery; a failure throws so the queue retries or gives up. */
  private async attempt(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const { store, log } = this.options;
    const delivery = job.ref ? await store.forSending(job.ref) : null;
    if (!delivery) return;
    const { responseStatus, error } = await this.send(delivery, signal);
    const status = error === null ? "delivered" : job.attempts >= job.maxAttempts ? "failed" : "pending";
    if (status === "failed") log.warn("webhook delivery gave up", { deliveryId: delivery.id, attempts: job.attempts, error });
    await store
      .recordAttempt(delivery.id, {
        status,
        attempts: job.attempts,
        responseStatus,
        error,
        retryInSeconds: retryDelaySeconds(this.options.retryBaseSeconds, job.attempts),
      })
      .catch((e) => log.error("could not record a webhook attempt", { deliveryId: delivery.id, error: e }));
    if (error !== null) throw new Error(error);
  }

  private async send(delivery: ClaimedDelivery, signal: AbortSignal): Promise<{ responseStatus: number | null; error: string | null }> {
    try {
      const t = Math.floor(Date.now() / 1000);
      const secret = this.options.secrets ? await this.options.secrets.open(delivery.secret) : delivery.secret;
      const result = await this.options.sender.send({
        url: delivery.url,
        body: delivery.payload,
        headers: {
          [WebhookSignatureHeader]: signatureHeader(secret, delivery.payload, t),
          "X-Site-Search-Event": delivery.eventType,
          "X-Site-Search-Delivery": delivery.id,
        },
        signal,
      });
      return { responseStatus: result.status, error: result.status < 200 || result.status >= 300 ? `HTTP ${result.status}` : null };
    } catch (e) {
      return { responseStatus: null, error: (e as Error).message };
    }
  }
}
