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
  retryInSeconds?: number;
}

export interface ClaimInput {
  limit: number;
  leaseSeconds: number;
  perOrg: number;
  /** Deliveries in flight by organisation id. */
  busy: Record<string, number>;
  /** Only this organisation's deliveries (a one-shot drain of one organisation's backlog). */
  orgId?: string;
}

export type ClaimedDelivery = DeliveryRecord & { orgId: string; url: string; secret: string };

export interface WebhookStore {
  create(input: { orgId: string; url: string; events: string[]; secret: string }): Promise<WebhookRecord>;
  list(orgId: string): Promise<WebhookRecord[]>;
  get(orgId: string, id: string): Promise<WebhookRecord | null>;
  delete(orgId: string, id: string): Promise<boolean>;
  count(orgId: string): Promise<number>;
  /** The organisation's webhooks subscribed to an event type. */
  subscribers(orgId: string, eventType: string): Promise<WebhookRecord[]>;
  enqueue(deliveries: NewDelivery[]): Promise<DeliveryRecord[]>;
  /** Newest first. */
  deliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]>;
  /**
   * Takes up to `limit` due deliveries, counting the attempt and pushing their next attempt `leaseSeconds` ahead, so
   * another dispatcher (another process) does not send them meanwhile and a crash mid-send still retries them.
   * Organisations take turns (each one's oldest first, then each one's second…), and an organisation gets at most
   * `perOrg` minus what `busy` says it already has in flight.
   */
  claimDue(input: ClaimInput): Promise<ClaimedDelivery[]>;
  recordAttempt(id: string, result: AttemptResult): Promise<void>;
}
