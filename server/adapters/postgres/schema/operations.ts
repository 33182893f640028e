// Tables the service keeps for itself: rate-limit buckets, the external-index outbox and instance settings.
import { bigserial, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { sites } from "./content.ts";
import { ts } from "./columns.ts";

export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Changes waiting to reach an external lexical index (Elasticsearch), written with the page in one transaction. */
export const searchOutbox = pgTable(
  "search_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    siteId: text("site_id").notNull(),
    pageId: text("page_id"),
    op: text("op", { enum: ["upsert-page", "delete-page", "delete-site"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    availableAt: ts("available_at").notNull().defaultNow(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("search_outbox_available_idx").on(t.availableAt)],
);

/** Values an instance generates once and keeps (the analytics salt), so they survive restarts and match across instances. */
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Origins recently refused by a site's allowed domains, at most 20 per site (the least recently seen go first). */
export const refusedOrigins = pgTable(
  "refused_origins",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    origin: text("origin").notNull(),
    count: integer("count").notNull().default(1),
    firstSeenAt: ts("first_seen_at").notNull().defaultNow(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.origin] })],
);
