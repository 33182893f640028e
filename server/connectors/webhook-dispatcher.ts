// Drains the webhook outbox: claims due deliveries, signs and POSTs them, and records the outcome, retrying with
// exponential backoff (the first retry after `retryBaseSeconds`, 10 s by default, so well within 30 s).
import { Limits } from "../../shared/limits.ts";
import { WebhookSignatureHeader } from "../../shared/webhooks.ts";
import type { Logger } from "../logger.ts";
import type { WebhookSender } from "../ports/webhook-sender.ts";
import type { DeliveryRecord, WebhookStore } from "../ports/webhook-store.ts";
import { signatureHeader } from "./webhook-signature.ts";

export interface WebhookDispatcherOptions {
  store: WebhookStore;
  sender: WebhookSender;
  log: Logger;
  retryBaseSeconds: number;
  /** How often the outbox is looked at when nothing calls wake() (events written by other processes, retries). */
  pollMs?: number;
  batchSize?: number;
}

/** Seconds before attempt n+1 after n failed attempts: base·2^(n-1), at most an hour. */
export const retryDelaySeconds = (base: number, failedAttempts: number) => Math.min(3600, base * 2 ** (failedAttempts - 1));

export class WebhookDispatcher {
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private readonly controller = new AbortController();

  constructor(private readonly options: WebhookDispatcherOptions) {}

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Sends every delivery due now; returns how many were attempted. For tests and the loop. */
  async drainOnce(): Promise<number> {
    const lease = Limits.webhookTimeoutSeconds * 3;
    const due = await this.options.store.claimDue(this.options.batchSize ?? 20, lease);
    await Promise.all(due.map((delivery) => this.attempt(delivery)));
    return due.length;
  }

  private async attempt(delivery: DeliveryRecord & { url: string; secret: string }): Promise<void> {
    const { store, sender, log } = this.options;
    let responseStatus: number | null = null;
    let error: string | null = null;
    try {
      const t = Math.floor(Date.now() / 1000);
      const result = await sender.send({
        url: delivery.url,
        body: delivery.payload,
        headers: {
          [WebhookSignatureHeader]: signatureHeader(delivery.secret, delivery.payload, t),
          "X-Site-Search-Event": delivery.eventType,
          "X-Site-Search-Delivery": delivery.id,
        },
        signal: this.controller.signal,
      });
      responseStatus = result.status;
      if (result.status < 200 || result.status >= 300) error = `HTTP ${result.status}`;
    } catch (e) {
      error = (e as Error).message;
    }
    const failedAttempts = delivery.attempts;
    const status = error === null ? "delivered" : failedAttempts >= Limits.webhookAttempts ? "failed" : "pending";
    if (status === "failed") log.warn("webhook delivery gave up", { deliveryId: delivery.id, attempts: failedAttempts, error });
    await store
      .recordAttempt(delivery.id, { status, responseStatus, error, retryInSeconds: retryDelaySeconds(this.options.retryBaseSeconds, failedAttempts) })
      .catch((e) => log.error("could not record a webhook attempt", { deliveryId: delivery.id, error: e }));
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let sent = 0;
      try {
        sent = await this.drainOnce();
      } catch (error) {
        this.options.log.error("webhook outbox could not be read", { error });
      }
      if (this.stopping) break;
      if (sent > 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs ?? 1000);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }
}
