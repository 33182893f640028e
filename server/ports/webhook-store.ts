// Where webhooks and their deliveries (the outbox and the delivery log) are kept. Adapter: adapters/postgres/webhook-store.ts.
export interface WebhookRecord {
  id: string;
  orgId: string;
  url: string;
  events: string[];
  secret: string;
  createdAt: Date;
}

export interface DeliveryRecord {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface NewDelivery {
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: string;
}

export interface AttemptResult {
  responseStatus: number | null;
  error: string | null;
  /** "delivered" on a 2xx; otherwise "pending" with the time of the next attempt, or "failed" when attempts ran out. */
  status: "delivered" | "pending" | "failed";
  /** Attempts made so far, this one included. */
  attempts: number;
  retryInSeconds?: number;
}

/** The job-queue kind that sends a delivery; the job's `ref` is the delivery id. */
export const webhookJobKind = "webhook";

export type ClaimedDelivery = DeliveryRecord & { orgId: string; url: string; secret: string };

export interface WebhookStore {
  create(input: { orgId: string; url: string; events: string[]; secret: string }): Promise<WebhookRecord>;
  list(orgId: string): Promise<WebhookRecord[]>;
  get(orgId: string, id: string): Promise<WebhookRecord | null>;
  delete(orgId: string, id: string): Promise<boolean>;
  count(orgId: string): Promise<number>;
  /** The organisation's webhooks subscribed to an event type. */
  subscribers(orgId: string, eventType: string): Promise<WebhookRecord[]>;
  /** Writes the deliveries and queues a job to send each (kind `webhookJobKind`), in one transaction. */
  enqueue(deliveries: NewDelivery[]): Promise<DeliveryRecord[]>;
  /** Newest first. */
  deliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]>;
  /** A delivery with what sending it needs; null when it is gone (its webhook was deleted). */
  forSending(id: string): Promise<ClaimedDelivery | null>;
  recordAttempt(id: string, result: AttemptResult): Promise<void>;
}
