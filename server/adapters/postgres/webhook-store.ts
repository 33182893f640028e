// Webhooks and their deliveries in Postgres. A delivery row is the outbox entry and its log line at once:
// dispatchers in any process claim due rows with FOR UPDATE SKIP LOCKED, so each attempt is made once.
import { and, arrayContains, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { rows } from "./database.ts";
import { webhookDeliveries, webhooks } from "./webhook-schema.ts";
import type { AttemptResult, ClaimedDelivery, ClaimInput, DeliveryRecord, NewDelivery, WebhookRecord, WebhookStore } from "../../ports/webhook-store.ts";
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
    return this.db
      .insert(webhookDeliveries)
      .values(deliveries.map((d) => ({ id: newId("dlv"), ...d })))
      .returning();
  }

  deliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  }

  async claimDue({ limit, leaseSeconds, perOrg, busy, orgId }: ClaimInput): Promise<ClaimedDelivery[]> {
    const ofOrg = orgId === undefined ? sql`` : sql`AND w.org_id = ${orgId}`;
    // `turn` numbers each organisation's due deliveries oldest first; taking turn 1 of every organisation before any
    // turn 2 gives them turns. The outer condition is checked again on the locked row, so a row another dispatcher
    // claimed meanwhile (its next attempt pushed ahead) is skipped rather than sent twice.
    const claimed = await rows<{ id: string }>(
      this.db,
      sql`UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
          WHERE id IN (
            SELECT id FROM webhook_deliveries
            WHERE status = 'pending' AND next_attempt_at <= now() AND id IN (
              SELECT ranked.id FROM (
                SELECT d.id, d.next_attempt_at, w.org_id,
                       row_number() OVER (PARTITION BY w.org_id ORDER BY d.next_attempt_at, d.id) AS turn
                FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
                WHERE d.status = 'pending' AND d.next_attempt_at <= now() ${ofOrg}
              ) ranked
              WHERE ranked.turn <= ${perOrg} - COALESCE((${JSON.stringify(busy)}::jsonb ->> ranked.org_id)::int, 0)
              ORDER BY ranked.turn, ranked.next_attempt_at LIMIT ${limit})
            FOR UPDATE SKIP LOCKED)
          RETURNING id`,
    );
    if (claimed.length === 0) return [];
    const found = await this.db
      .select({ delivery: webhookDeliveries, orgId: webhooks.orgId, url: webhooks.url, secret: webhooks.secret })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhookDeliveries.webhookId, webhooks.id))
      .where(
        inArray(
          webhookDeliveries.id,
          claimed.map((c) => c.id),
        ),
      );
    return found.map((f) => ({ ...f.delivery, orgId: f.orgId, url: f.url, secret: f.secret }));
  }

  async recordAttempt(id: string, result: AttemptResult): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({
        status: result.status,
        responseStatus: result.responseStatus,
        lastError: result.error,
        deliveredAt: result.status === "delivered" ? sql`now()` : null,
        nextAttemptAt: result.status === "pending" ? sql`now() + make_interval(secs => ${result.retryInSeconds ?? 0})` : sql`now()`,
      })
      .where(eq(webhookDeliveries.id, id));
  }
}
