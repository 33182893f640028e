// Tables for raw usage, query and click events and their daily and monthly rollups.
import { sql } from "drizzle-orm";
import { bigserial, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./columns.ts";

/** One row per model call, for billing: tokens by purpose and model. */
export const usageEvents = pgTable(
  "usage_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: text("org_id").notNull(),
    siteId: text("site_id"),
    purpose: text("purpose", { enum: ["chat", "ingest"] }).notNull(),
    model: text("model").notNull(),
    inputTokens: integer("input_tokens").notNull(),
    outputTokens: integer("output_tokens").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("usage_events_org_idx").on(t.orgId, t.createdAt)],
);

/** Raw search and chat events, kept for the retention period; rolled up daily. */
export const queryEvents = pgTable(
  "query_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: text("org_id").notNull(),
    siteId: text("site_id").notNull(),
    kind: text("kind", { enum: ["search", "chat"] }).notNull(),
    query: text("query").notNull(),
    resultCount: integer("result_count").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    visitorHash: text("visitor_hash"),
    channel: text("channel", { enum: ["public", "api"] }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("query_events_site_time_idx").on(t.siteId, t.createdAt), index("query_events_org_time_idx").on(t.orgId, t.createdAt)],
);

export const clickEvents = pgTable(
  "click_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    siteId: text("site_id").notNull(),
    query: text("query").notNull(),
    url: text("url").notNull(),
    position: integer("position"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("click_events_site_time_idx").on(t.siteId, t.createdAt)],
);

/** The summed columns every query rollup carries. */
const rollupCounts = () => ({
  count: integer("count").notNull(),
  noResults: integer("no_results").notNull().default(0),
  clicks: integer("clicks").notNull().default(0),
});

/** Per site, day, kind and query: counts that answer a year of analytics without scanning raw events. */
export const queryDaily = pgTable(
  "query_daily",
  {
    siteId: text("site_id").notNull(),
    orgId: text("org_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: ["search", "chat"] }).notNull(),
    query: text("query").notNull(),
    ...rollupCounts(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.kind, t.query] }),
    index("query_daily_org_day_idx").on(t.orgId, t.day),
    // The day-total rows (query "") answer every total and daily series; this keeps them from scanning every query's row.
    index("query_daily_totals_idx").on(t.siteId, t.day).where(sql`${t.query} = ''`),
  ],
);

/**
 * Per site, UTC month and query (both kinds together): what long ranges read for their whole months, so top and
 * no-result queries over a year sum about a month's worth of rows per query instead of a day's. No day-total rows.
 */
export const queryMonthly = pgTable(
  "query_monthly",
  {
    siteId: text("site_id").notNull(),
    orgId: text("org_id").notNull(),
    /** First day of the month. */
    month: date("month", { mode: "string" }).notNull(),
    query: text("query").notNull(),
    ...rollupCounts(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.month, t.query] })],
);

/**
 * Per organisation, UTC month and query: query_monthly summed over the organisation's current sites, which is what the
 * organisation-wide overview reads for whole months. Deleting a site subtracts its rows (SiteStore.delete), so the
 * figures cover the same sites as the daily rows the overview reads for the edges.
 */
export const queryMonthlyOrg = pgTable(
  "query_monthly_org",
  {
    orgId: text("org_id").notNull(),
    month: date("month", { mode: "string" }).notNull(),
    query: text("query").notNull(),
    ...rollupCounts(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.month, t.query] })],
);
