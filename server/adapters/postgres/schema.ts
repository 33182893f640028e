// The database schema (drizzle). Row types come from these tables; SQL names are snake_case.
import { sql } from "drizzle-orm";
import {
  bigint, bigserial, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CrawlerConfig, MetadataField, PublicAccess, RateLimits, TagBoost, UrlBoost } from "../../../shared/sites.ts";
import type { Synonym } from "../../../shared/synonyms.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** pgvector column without a fixed dimension, so a model change does not need a migration; HNSW indexes cast per dimension. */
export const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => "vector",
  toDriver: (v) => `[${v.join(",")}]`,
  fromDriver: (v) => (typeof v === "string" ? JSON.parse(v) : (v as unknown as number[])),
});

export const organisations = pgTable("organisations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  plan: text("plan", { enum: ["free", "pro", "enterprise"] }).notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    environment: text("environment", { enum: ["live", "test"] }).notNull(),
    /** First characters of the key, shown in listings to recognise it. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key, hex; the key itself is never stored. */
    hash: text("hash").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
    /** Scoped keys: the sites it may touch (null = all) and the actions it may take (null = all). */
    scopeSites: text("scope_sites").array(),
    scopeActions: text("scope_actions").array(),
    /** Refused from this moment on; null never expires. */
    expiresAt: ts("expires_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.hash), index("api_keys_org_idx").on(t.orgId)],
);

export const sites = pgTable(
  "sites",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    baseUrl: text("base_url").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: ["pending", "ready", "error"] }).notNull().default("pending"),
    lastError: text("last_error"),
    lastCrawledAt: ts("last_crawled_at"),
    crawlerConfig: jsonb("crawler_config").$type<CrawlerConfig>().notNull(),
    publicAccess: jsonb("public_access").$type<PublicAccess>().notNull(),
    rateLimits: jsonb("rate_limits").$type<RateLimits>().notNull(),
    metadataSchema: jsonb("metadata_schema").$type<MetadataField[]>().notNull().default([]),
    tagBoosts: jsonb("tag_boosts").$type<TagBoost[]>().notNull().default([]),
    urlBoosts: jsonb("url_boosts").$type<UrlBoost[]>().notNull().default([]),
    synonyms: jsonb("synonyms").$type<Synonym[]>().notNull().default([]),
    pageCount: integer("page_count").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    /** When crawlerConfig.schedule next starts a crawl; null without a schedule (server/connectors/crawl-scheduler.ts). */
    nextCrawlAt: ts("next_crawl_at"),
    /** When a crawl was last started by the schedule. */
    lastScheduledAt: ts("last_scheduled_at"),
    /** When site.stale was last sent, so it is sent once per stale spell. */
    staleNotifiedAt: ts("stale_notified_at"),
    /** crawlerConfig.auth, AES-GCM encrypted (server/connectors/secret-box.ts); never in crawler_config. */
    crawlerAuth: text("crawler_auth"),
  },
  (t) => [index("sites_org_idx").on(t.orgId, t.createdAt), index("sites_next_crawl_idx").on(t.nextCrawlAt).where(sql`next_crawl_at IS NOT NULL`)],
);

export const pages = pgTable(
  "pages",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title").notNull().default(""),
    summary: text("summary").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** SHA-256 of the content and supplied metadata; unchanged pages are skipped. */
    contentHash: text("content_hash").notNull(),
    source: text("source", { enum: ["api", "crawl"] }).notNull(),
    lastCrawlJobId: text("last_crawl_job_id"),
    indexedAt: ts("indexed_at").notNull().defaultNow(),
    /** HTTP validators of the last fetch, sent back as If-None-Match / If-Modified-Since by the next crawl. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** When a crawl last fetched the page (200 or 304); compared with the sitemap's lastmod. */
    checkedAt: ts("checked_at"),
  },
  (t) => [uniqueIndex("pages_site_url_idx").on(t.siteId, t.url)],
);

export const chunks = pgTable(
  "chunks",
  {
    id: text("id").primaryKey(),
    pageId: text("page_id").notNull().references(() => pages.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    position: integer("position").notNull(),
    headingPath: text("heading_path").array().notNull().default(sql`'{}'::text[]`),
    anchor: text("anchor"),
    text: text("text").notNull(),
    /** What the lexical index reads: title, headings and text, so a title match ranks. */
    searchText: text("search_text").notNull(),
    contentHash: text("content_hash").notNull(),
    embedding: vector("embedding"),
    embeddingModel: text("embedding_model"),
    embeddedAt: ts("embedded_at"),
  },
  (t) => [
    index("chunks_page_idx").on(t.pageId),
    index("chunks_site_idx").on(t.siteId),
    index("chunks_unembedded_idx").on(t.siteId, t.id).where(sql`embedded_at IS NULL`),
  ],
);

/** Embeddings keyed by content hash and model, so re-ingesting identical text costs nothing. */
export const embeddingCache = pgTable(
  "embedding_cache",
  {
    contentHash: text("content_hash").notNull(),
    model: text("model").notNull(),
    embedding: vector("embedding").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentHash, t.model] })],
);

export const crawlJobs = pgTable(
  "crawl_jobs",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "running", "completed", "failed", "cancelled"] }).notNull().default("pending"),
    config: jsonb("config").$type<CrawlerConfig>().notNull(),
    baseUrl: text("base_url").notNull(),
    pagesDiscovered: integer("pages_discovered").notNull().default(0),
    pagesCrawled: integer("pages_crawled").notNull().default(0),
    pagesProcessed: integer("pages_processed").notNull().default(0),
    pagesSkipped: integer("pages_skipped").notNull().default(0),
    pagesErrored: integer("pages_errored").notNull().default(0),
    errors: integer("errors").notNull().default(0),
    currentUrl: text("current_url"),
    lastError: text("last_error"),
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: ts("lease_expires_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
  },
  (t) => [
    index("crawl_jobs_site_idx").on(t.siteId, t.createdAt),
    // At most one active crawl per site, enforced by the database so two API instances cannot race.
    uniqueIndex("crawl_jobs_one_active_idx").on(t.siteId).where(sql`status IN ('pending', 'running')`),
  ],
);

/** The crawl frontier, kept in the database so a crawl resumes after a restart. */
export const crawlUrls = pgTable(
  "crawl_urls",
  {
    jobId: text("job_id").notNull().references(() => crawlJobs.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    depth: integer("depth").notNull(),
    state: text("state", { enum: ["queued", "done", "skipped", "errored"] }).notNull().default("queued"),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    detail: text("detail"),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.url] }), index("crawl_urls_queue_idx").on(t.jobId, t.state, t.seq)],
);

export const searchGroups = pgTable(
  "search_groups",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    siteIds: text("site_ids").array().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("search_groups_org_idx").on(t.orgId)],
);

export interface StoredChatTurn {
  question: string;
  answer: string;
}

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    turns: jsonb("turns").$type<StoredChatTurn[]>().notNull().default([]),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastUsedAt: ts("last_used_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("chat_sessions_expiry_idx").on(t.expiresAt)],
);

export const chatAnswers = pgTable(
  "chat_answers",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    question: text("question").notNull(),
    answered: boolean("answered").notNull(),
    mode: text("mode", { enum: ["generative", "extractive"] }).notNull(),
    rating: text("rating", { enum: ["up", "down"] }),
    reason: text("reason"),
    /** FeedbackTag values picked with a thumbs-down. */
    reasonTags: text("reason_tags").array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts("created_at").notNull().defaultNow(),
    ratedAt: ts("rated_at"),
  },
  (t) => [index("chat_answers_site_idx").on(t.siteId, t.createdAt)],
);

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


/** A site's public chat spend per UTC day, checked before each chat (rateLimits.chatRequestsPerDay / chatTokensPerDay). */
export const chatBudgetDays = pgTable(
  "chat_budget_days",
  {
    siteId: text("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    requests: integer("requests").notNull().default(0),
    tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/** Values an instance generates once and keeps (the analytics salt), so they survive restarts and match across instances. */
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});
/** Dashboard users; the email is stored lower-cased so it is unique whatever the spelling. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  /** argon2id in PHC string form (hash-wasm). */
  passwordHash: text("password_hash").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const memberships = pgTable(
  "memberships",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    orgId: text("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orgId] }), index("memberships_org_idx").on(t.orgId)],
);

/** A dashboard session: the id is the SHA-256 of the cookie's token, so a database read does not yield a cookie. */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    orgId: text("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);

/** One-time links: the first-run setup link and invitations; stored as the SHA-256 of the token. */
export const oneTimeTokens = pgTable("one_time_tokens", {
  hash: text("hash").primaryKey(),
  kind: text("kind", { enum: ["setup", "invite"] }).notNull(),
  orgId: text("org_id").references(() => organisations.id, { onDelete: "cascade" }),
  role: text("role", { enum: ["owner", "admin", "member"] }),
  createdAt: ts("created_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});

/** Every word of a site's chunks with how many chunks contain it; kept by triggers on chunks (migration 0009), read for typo correction. */
export const siteTerms = pgTable(
  "site_terms",
  {
    siteId: text("site_id").notNull(),
    term: text("term").notNull(),
    chunks: integer("chunks").notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.term] })],
);

// Webhook tables live in their own file; re-exported so drizzle-kit and every importer see one schema.
export * from "./webhook-schema.ts";
