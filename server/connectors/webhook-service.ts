// Use cases on webhooks: subscribe, list, delete, read the delivery log, ping; and emit(), which the crawl and the
// scheduler call to put an event in the outbox for every subscribed webhook (sent by webhook-dispatcher.ts).
import { randomBytes } from "node:crypto";
import type {
  CreateWebhookBody,
  CreateWebhookResponse,
  PingWebhookResponse,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventType,
} from "../../shared/webhooks.ts";
import { Limits } from "../../shared/limits.ts";
import { DomainError, badRequest, notFound } from "../errors/domain-error.ts";
import { ErrorCode } from "../../shared/errors.ts";
import type { DeliveryRecord, WebhookRecord, WebhookStore } from "../ports/webhook-store.ts";
import type { WebhookSender } from "../ports/webhook-sender.ts";
import { newId } from "../new-id.ts";
import { unixSeconds } from "../../shared/unix-seconds.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import type { WebhookSecrets } from "./webhook-secrets.ts";

const seconds = unixSeconds;

/** A URL as shown back: user information stored before it was refused is never echoed. */
function shownUrl(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed || (!parsed.username && !parsed.password)) return url;
  parsed.username = "";
  parsed.password = "";
  return parsed.href;
}

const webhookView = (row: WebhookRecord): Webhook => ({
  id: row.id,
  url: shownUrl(row.url),
  events: row.events as WebhookEventType[],
  createdAt: seconds(row.createdAt),
});

export const deliveryView = (row: DeliveryRecord): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  lastError: row.lastError,
  nextAttemptAt: row.status === "pending" ? seconds(row.nextAttemptAt) : null,
  createdAt: seconds(row.createdAt),
  deliveredAt: row.deliveredAt ? seconds(row.deliveredAt) : null,
});

export class WebhookService {
  constructor(
    private readonly store: WebhookStore,
    private readonly sender: WebhookSender,
    private readonly options: {
      /** Tells the local dispatcher there is something to send now rather than at its next poll. */
      onEnqueued?: () => void;
      /** Limits pings per organisation: each one is a request to a receiver the organisation chose, sent by us. */
      limiter?: RateLimiter;
      /** Seals signing secrets at rest when SECRETS_KEY is set. */
      secrets?: WebhookSecrets;
    } = {},
  ) {}

  private onEnqueued(): void {
    this.options.onEnqueued?.();
  }

  async create(orgId: string, body: CreateWebhookBody): Promise<CreateWebhookResponse> {
    // Credentials in a URL end up in logs, lists and the dashboard; receivers verify the signature instead.
    const parsed = URL.parse(body.url);
    if (parsed?.username || parsed?.password) {
      throw badRequest(
        "Invalid body: url: must not contain a user name or password (user:pass@); receivers authenticate deliveries by their signature.",
        ErrorCode.ValidationFailed,
      );
    }
    const refusal = await this.sender.refusal(body.url);
    if (refusal) throw badRequest(`The webhook URL cannot be used: ${refusal}`, ErrorCode.ValidationFailed);
    if ((await this.store.count(orgId)) >= Limits.webhooksPerOrg) {
      throw new DomainError(ErrorCode.Conflict, `An organisation may have at most ${Limits.webhooksPerOrg} webhooks; delete one first.`);
    }
    const secret = `whsec_${randomBytes(24).toString("base64url")}`;
    const stored = this.options.secrets ? await this.options.secrets.seal(secret) : secret;
    const row = await this.store.create({ orgId, url: body.url, events: body.events, secret: stored });
    return { ...webhookView(row), secret };
  }

  async list(orgId: string): Promise<{ webhooks: Webhook[] }> {
    return { webhooks: (await this.store.list(orgId)).map(webhookView) };
  }

  async delete(orgId: string, id: string): Promise<{ success: true }> {
    if (!(await this.store.delete(orgId, id))) throw notFound("Webhook");
    return { success: true };
  }

  async deliveries(orgId: string, id: string): Promise<{ deliveries: WebhookDelivery[] }> {
    if (!(await this.store.get(orgId, id))) throw notFound("Webhook");
    return { deliveries: (await this.store.deliveries(id, 100)).map(deliveryView) };
  }

  /** A ping goes to this webhook alone, whatever events it subscribed to. */
  async ping(orgId: string, id: string): Promise<PingWebhookResponse> {
    const webhook = await this.store.get(orgId, id);
    if (!webhook) throw notFound("Webhook");
    await this.options.limiter?.check(`webhook-ping:${orgId}`, Limits.webhookPingsPerMinute, {}, "webhook pings");
    const event = this.event(orgId, "ping", { webhookId: id });
    const [delivery] = await this.store.enqueue([{ webhookId: id, eventId: event.id, eventType: "ping", payload: JSON.stringify(event) }]);
    this.onEnqueued();
    return { success: true, eventId: event.id, deliveryId: delivery!.id };
  }

  /** Writes the event to the outbox of every webhook of the organisation subscribed to its type. */
  async emit(orgId: string, type: Exclude<WebhookEventType, "ping">, data: Record<string, unknown>): Promise<string | null> {
    const subscribers = await this.store.subscribers(orgId, type);
    if (subscribers.length === 0) return null;
    const event = this.event(orgId, type, data);
    const payload = JSON.stringify(event);
    await this.store.enqueue(subscribers.map((w) => ({ webhookId: w.id, eventId: event.id, eventType: type, payload })));
    this.onEnqueued();
    return event.id;
  }

  private event(orgId: string, type: WebhookEventType, data: Record<string, unknown>): WebhookEvent {
    return { id: newId("evt"), type, createdAt: Math.floor(Date.now() / 1000), orgId, data };
  }
}
