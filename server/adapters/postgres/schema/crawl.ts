// Tables for crawl jobs and the URLs each job has seen.
import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { CrawlerConfig } from "../../../../shared/sites.ts";
import { ts } from "./columns.ts";
import { sites } from "./content.ts";

export const crawlJobs = pgTable(
  "crawl_jobs",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "running", "completed", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
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
    /** The worker running the current attempt (its lease is the job queue's): a worker that lost it may not finish the job. */
    leaseOwner: text("lease_owner"),
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
    jobId: text("job_id")
      .notNull()
      .references(() => crawlJobs.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    depth: integer("depth").notNull(),
    state: text("state", { enum: ["queued", "done", "skipped", "errored"] })
      .notNull()
      .default("queued"),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    detail: text("detail"),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.url] }), index("crawl_urls_queue_idx").on(t.jobId, t.state, t.seq)],
);
