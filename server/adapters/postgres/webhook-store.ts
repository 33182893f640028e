// Webhooks and their deliveries in Postgres. A delivery row is the outbox entry and its log line at once; the job that
// sends it is queued in the same transaction, so an event is never written without its send, nor sent unwritten.
import { and, arrayContains, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { insertJobs } from "./job-queue-store.ts";
import { webhookDeliveries, webhooks } from "./webhook-schema.ts";
import {
  webhookJobKind,
  type AttemptResult,
  type ClaimedDelivery,
  type DeliveryRecord,
  type NewDelivery,
  type WebhookRecord,
  type WebhookStore,
} from "../../ports/webhook-store.ts";
import { Limits } from "../../../shared/limits.ts";
import { newId } from "../../new-id.ts";

export class PostgresWebhookStore implements WebhookStore {
  constructor(private readonly db: Db) {}

  async create(input: { orgId: string; url: string; events: string[]; secret: string }): Promise<WebhookRecord> {
    const [row] = await this.db
      .insert(webhooks)
      .values({ id: newId("whk"), ...input })
      .returning();
    return row!;
  }

  list(orgId: string): Promise<WebhookRecord[]> {
    return this.db.select().from(webhooks).where(eq(webhooks.orgId, orgId)).orderBy(webhooks.createdAt);
  }

  async get(orgId: string, id: string): Promise<WebhookRecord | null> {
    const [row] = await this.db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.orgId, orgId), eq(webhooks.id, id)));
    return row ?? null;
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(webhooks)
      .where(and(eq(webhooks.orgId, orgId), eq(webhooks.id, id)))
      .returning({ id: webhooks.id });
    return deleted.length > 0;
  }

  async count(orgId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(webhooks).where(eq(webhooks.orgId, orgId));
    return Number(row?.n ?? 0);
  }

  subscribers(orgId: string, eventType: string): Promise<WebhookRecord[]> {
    return this.db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.orgId, orgId), arrayContains(webhooks.events, [eventType])));
  }

  async enqueue(deliveries: NewDelivery[]): Promise<DeliveryRecord[]> {
    if (deliveries.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const written = await tx
        .insert(webhookDeliveries)
        .values(deliveries.map((d) => ({ id: newId("dlv"), ...d })))
        .returning();
      const owners = await tx
        .select({ id: webhooks.id, orgId: webhooks.orgId })
        .from(webhooks)
        .where(inArray(webhooks.id, [...new Set(written.map((d) => d.webhookId))]));
      const orgOf = new Map(owners.map((w) => [w.id, w.orgId]));
      await insertJobs(
        tx,
        written.map((d) => ({ kind: webhookJobKind, orgId: orgOf.get(d.webhookId)!, ref: d.id, maxAttempts: Limits.webhookAttempts })),
      );
      return written;
    });
  }

  deliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  }

  async forSending(id: string): Promise<ClaimedDelivery | null> {
    const [found] = await this.db
      .select({ delivery: webhookDeliveries, orgId: webhooks.orgId, url: webhooks.url, secret: webhooks.secret })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhookDeliveries.webhookId, webhooks.id))
      .where(eq(webhookDeliveries.id, id));
    return found ? { ...found.delivery, orgId: found.orgId, url: found.url, secret: found.secret } : null;
  }

  async recordAttempt(id: string, result: AttemptResult): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({
        status: result.status,
        attempts: result.attempts,
        responseStatus: result.responseStatus,
        lastError: result.error,
        deliveredAt: result.status === "delivered" ? sql`now()` : null,
        nextAttemptAt: result.status === "pending" ? sql`now() + make_interval(secs => ${result.retryInSeconds ?? 0})` : sql`now()`,
      })
      .where(eq(webhookDeliveries.id, id));
  }
}
