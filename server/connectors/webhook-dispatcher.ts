// Drains the webhook outbox: claims due deliveries, signs and POSTs them, and records the outcome, retrying with
// exponential backoff (the first retry after `retryBaseSeconds`, 10 s by default, so well within 30 s). Sending is a
// continuous pool: a slot freed by one delivery is refilled at once, organisations take turns in each claim, and one
// organisation holds at most `perOrg` slots, so a receiver that hangs until the timeout delays only its own deliveries.
import { Limits } from "../../shared/limits.ts";
import { WebhookSignatureHeader } from "../../shared/webhooks.ts";
import type { Logger } from "../logger.ts";
import type { WebhookSender } from "../ports/webhook-sender.ts";
import type { ClaimedDelivery, WebhookStore } from "../ports/webhook-store.ts";
import { signatureHeader } from "./webhook-signature.ts";
import type { WebhookSecrets } from "./webhook-secrets.ts";

export interface WebhookDispatcherOptions {
  store: WebhookStore;
  sender: WebhookSender;
  log: Logger;
  retryBaseSeconds: number;
  /** Opens signing secrets sealed under SECRETS_KEY; without it stored secrets are used as they are. */
  secrets?: WebhookSecrets;
  /** How often the outbox is looked at when nothing calls wake() (events written by other processes, retries). */
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
  private loop: Promise<void> | null = null;
  private stopping = false;
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private readonly controller = new AbortController();
  /** Deliveries being sent, in all and by organisation. */
  private readonly sending = new Set<Promise<void>>();
  private readonly busy = new Map<string, number>();

  constructor(private readonly options: WebhookDispatcherOptions) {}

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /**
   * Sends the deliveries due now (up to a batch, in organisations' turns), or only one organisation's, and waits for
   * them; returns how many. For tests and one-shot runs: on a shared database other organisations' may be due too.
   */
  async drainOnce(orgId?: string): Promise<number> {
    const due = await this.claim(this.options.batchSize ?? 20, orgId);
    await Promise.all(due.map((delivery) => this.launch(delivery)));
    return due.length;
  }

  private claim(limit: number, orgId?: string): Promise<ClaimedDelivery[]> {
    return this.options.store.claimDue({
      orgId,
      limit,
      leaseSeconds: Limits.webhookTimeoutSeconds * 3,
      perOrg: this.options.perOrg ?? Limits.webhookInFlightPerOrg,
      busy: Object.fromEntries(this.busy),
    });
  }

  /** Sends one delivery, counted in flight for its organisation until its outcome is recorded; then wakes the loop. */
  private launch(delivery: ClaimedDelivery): Promise<void> {
    this.busy.set(delivery.orgId, (this.busy.get(delivery.orgId) ?? 0) + 1);
    const sent: Promise<void> = this.attempt(delivery).finally(() => {
      const left = (this.busy.get(delivery.orgId) ?? 1) - 1;
      if (left > 0) this.busy.set(delivery.orgId, left);
      else this.busy.delete(delivery.orgId);
      this.sending.delete(sent);
      this.wake();
    });
    this.sending.add(sent);
    return sent;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { store, sender, log } = this.options;
    let responseStatus: number | null = null;
    let error: string | null = null;
    try {
      const t = Math.floor(Date.now() / 1000);
      const secret = this.options.secrets ? await this.options.secrets.open(delivery.secret) : delivery.secret;
      const result = await sender.send({
        url: delivery.url,
        body: delivery.payload,
        headers: {
          [WebhookSignatureHeader]: signatureHeader(secret, delivery.payload, t),
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

  /** Keeps the pool full: claims for every free slot whenever woken (a send finished, an event queued) or polled. */
  private async run(): Promise<void> {
    const concurrency = this.options.concurrency ?? Limits.webhookConcurrency;
    while (!this.stopping) {
      this.woken = false;
      const free = concurrency - this.sending.size;
      if (free > 0) {
        try {
          for (const delivery of await this.claim(free)) void this.launch(delivery);
        } catch (error) {
          this.options.log.error("webhook outbox could not be read", { error });
        }
      }
      if (this.stopping) break;
      if (!this.woken) await this.sleep();
    }
    await Promise.all(this.sending);
  }

  private async sleep(): Promise<void> {
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
