// Webhook tables: subscriptions, and their deliveries, which are the outbox and the log at once.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organisations } from "./schema/accounts.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Organisation webhooks: where events are POSTed and the secret their signatures use. */
export const webhooks = pgTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("webhooks_org_idx").on(t.orgId)],
);

/** The webhook outbox and delivery log in one: a row per event per webhook, written before anything is sent. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The exact JSON body, so every retry sends (and signs) the same bytes. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    lastError: text("last_error"),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    createdAt: ts("created_at").notNull().defaultNow(),
    deliveredAt: ts("delivered_at"),
  },
  (t) => [index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt)],
);
