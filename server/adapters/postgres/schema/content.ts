// Tables for what is searched: sites, their pages and chunks, cached embeddings, per-site terms and search groups.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { CrawlerConfig, MetadataField, PublicAccess, RateLimits, TagBoost, UrlBoost } from "../../../../shared/sites.ts";
import type { Synonym } from "../../../../shared/synonyms.ts";
import { ts, vector } from "./columns.ts";
import { organisations } from "./accounts.ts";

export const sites = pgTable(
  "sites",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    baseUrl: text("base_url").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: ["pending", "ready", "error"] })
      .notNull()
      .default("pending"),
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
    /** Set when pages are written and cleared, with a site.ready event, once their chunks are embedded and no crawl runs. */
    indexingSince: ts("indexing_since"),
  },
  (t) => [index("sites_org_idx").on(t.orgId, t.createdAt), index("sites_next_crawl_idx").on(t.nextCrawlAt).where(sql`next_crawl_at IS NOT NULL`)],
);

export const pages = pgTable(
  "pages",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
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
    /** SHA-256 of the cleaned text alone: another address with the same text is recorded as this page's alias. */
    textHash: text("text_hash"),
  },
  (t) => [uniqueIndex("pages_site_url_idx").on(t.siteId, t.url), index("pages_site_text_hash_idx").on(t.siteId, t.textHash).where(sql`text_hash IS NOT NULL`)],
);

/** Other addresses of a stored page (its index file, a URL whose canonical link names it, a copy with the same text). */
export const pageAliases = pgTable(
  "page_aliases",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    pageId: text("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.url] }), index("page_aliases_page_idx").on(t.pageId)],
);

export const chunks = pgTable(
  "chunks",
  {
    id: text("id").primaryKey(),
    pageId: text("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
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
    index("chunks_unembedded_idx").on(t.siteId, t.position, t.id).where(sql`embedded_at IS NULL`),
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

/** Every word of a site's chunks with how many chunks contain it; kept by triggers on chunks (migration 0009), read for typo correction. */
export const siteTerms = pgTable(
  "site_terms",
  {
    siteId: text("site_id").notNull(),
    term: text("term").notNull(),
    chunks: integer("chunks").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.term] }),
    // Typo look-alikes of a word: the searched sites' words within a few letters of its length sharing its trigrams.
    index("site_terms_site_length_trgm_idx").using("gin", t.siteId, sql`length(${t.term})`, sql`${t.term} gin_trgm_ops`),
  ],
);

export const searchGroups = pgTable(
  "search_groups",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    siteIds: text("site_ids").array().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("search_groups_org_idx").on(t.orgId)],
);
