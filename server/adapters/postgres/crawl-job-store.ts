// Crawl jobs and their frontier in Postgres. Each job is queued on the job queue (jobs table, kind `crawl`) in the
// transaction that creates it; workers claim it there, so several processes share the work and a job whose worker
// died is taken over when its lease lapses.
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { isUniqueViolation, rows } from "./database.ts";
import { crawlJobs, crawlUrls, sites } from "./schema.ts";
import { insertJobs } from "./job-queue-store.ts";
import type { CrawlerConfig } from "../../../shared/sites.ts";
import { newId } from "../../new-id.ts";
import {
  ActiveCrawlExists,
  crawlJobKind,
  type CounterName,
  type CrawlJobStore as CrawlJobStorePort,
  type ErrorPageQuery,
} from "../../ports/crawl-job-store.ts";

export type CrawlJobRow = typeof crawlJobs.$inferSelect;
export { ActiveCrawlExists, type CounterName };

/** The kind of a recorded failure, as errorKind (server/crawl/error-pattern.ts) reads it: the reason before any ":". */
const ERROR_KIND = sql`btrim(split_part(coalesce(${crawlUrls.detail}, 'unknown error'), ':', 1))`;

const columnOf: Record<CounterName, string> = {
  pagesDiscovered: "pages_discovered",
  pagesCrawled: "pages_crawled",
  pagesProcessed: "pages_processed",
  pagesSkipped: "pages_skipped",
  pagesErrored: "pages_errored",
  errors: "errors",
};

export class CrawlJobStore implements CrawlJobStorePort {
  constructor(
    private readonly db: Db,
    /** Attempts the job queue gives a crawl job whose workers keep stopping before it is failed. */
    private readonly opts: { maxAttempts: number } = { maxAttempts: 3 },
  ) {}

  /** The database's partial unique index allows one pending or running job per site, even across instances. */
  async create(input: { siteId: string; baseUrl: string; config: CrawlerConfig }): Promise<CrawlJobRow> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(crawlJobs)
          .values({ id: newId("job"), ...input })
          .returning();
        const [site] = await tx.select({ orgId: sites.orgId }).from(sites).where(eq(sites.id, input.siteId));
        await insertJobs(tx, [{ kind: crawlJobKind, orgId: site!.orgId, ref: row!.id, maxAttempts: this.opts.maxAttempts }]);
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ActiveCrawlExists("A crawl is already running for this site.");
      throw error;
    }
  }

  async get(orgId: string, jobId: string): Promise<CrawlJobRow | null> {
    const [row] = await this.db
      .select({ job: crawlJobs })
      .from(crawlJobs)
      .innerJoin(sites, eq(crawlJobs.siteId, sites.id))
      .where(and(eq(crawlJobs.id, jobId), eq(sites.orgId, orgId)));
    return row?.job ?? null;
  }

  /** A site's jobs, newest first (the dashboard's crawl history). */
  async listForSite(siteId: string, limit: number): Promise<CrawlJobRow[]> {
    return this.db.select().from(crawlJobs).where(eq(crawlJobs.siteId, siteId)).orderBy(desc(crawlJobs.createdAt), desc(crawlJobs.id)).limit(limit);
  }

  async getById(jobId: string): Promise<CrawlJobRow | null> {
    const [row] = await this.db.select().from(crawlJobs).where(eq(crawlJobs.id, jobId));
    return row ?? null;
  }

  /** Moves a pending or running job to cancelled; the worker sees it at its next step and stops. */
  async cancel(jobId: string): Promise<CrawlJobRow | null> {
    const [row] = await this.db
      .update(crawlJobs)
      .set({ status: "cancelled", completedAt: new Date(), leaseOwner: null, currentUrl: null })
      .where(and(eq(crawlJobs.id, jobId), inArray(crawlJobs.status, ["pending", "running"])))
      .returning();
    return row ?? null;
  }

  async start(jobId: string, workerId: string, attempts: number): Promise<CrawlJobRow | null> {
    const [row] = await this.db
      .update(crawlJobs)
      .set({ status: "running", leaseOwner: workerId, attempts, startedAt: sql`COALESCE(${crawlJobs.startedAt}, now())`, currentUrl: null })
      .where(and(eq(crawlJobs.id, jobId), inArray(crawlJobs.status, ["pending", "running"])))
      .returning();
    return row ?? null;
  }

  async heartbeat(jobId: string, workerId: string, currentUrl: string | null): Promise<boolean> {
    const updated = await this.db
      .update(crawlJobs)
      .set({ currentUrl })
      .where(and(eq(crawlJobs.id, jobId), eq(crawlJobs.leaseOwner, workerId), eq(crawlJobs.status, "running")))
      .returning({ id: crawlJobs.id });
    return updated.length > 0;
  }

  async addCounts(jobId: string, delta: Partial<Record<CounterName, number>>): Promise<void> {
    const sets = Object.entries(delta)
      .filter(([, n]) => n)
      .map(([name, n]) => sql`${sql.raw(columnOf[name as CounterName])} = ${sql.raw(columnOf[name as CounterName])} + ${n}`);
    if (sets.length === 0) return;
    await this.db.execute(sql`UPDATE crawl_jobs SET ${sql.join(sets, sql`, `)} WHERE id = ${jobId}`);
  }

  async finish(jobId: string, workerId: string, status: "completed" | "failed", lastError: string | null = null): Promise<boolean> {
    const updated = await this.db
      .update(crawlJobs)
      .set({ status, lastError, completedAt: new Date(), currentUrl: null, leaseOwner: null })
      .where(and(eq(crawlJobs.id, jobId), eq(crawlJobs.leaseOwner, workerId), eq(crawlJobs.status, "running")))
      .returning({ id: crawlJobs.id });
    return updated.length > 0;
  }

  async abandon(jobId: string, lastError: string): Promise<CrawlJobRow | null> {
    const [row] = await this.db
      .update(crawlJobs)
      .set({ status: "failed", lastError, completedAt: new Date(), leaseOwner: null, currentUrl: null })
      .where(and(eq(crawlJobs.id, jobId), inArray(crawlJobs.status, ["pending", "running"])))
      .returning();
    return row ?? null;
  }

  /** Adds URLs to the frontier; returns those that were new. */
  async enqueue(jobId: string, urls: Array<{ url: string; depth: number }>): Promise<string[]> {
    if (urls.length === 0) return [];
    const inserted = await this.db
      .insert(crawlUrls)
      .values(urls.map((u) => ({ jobId, url: u.url, depth: u.depth })))
      .onConflictDoNothing()
      .returning({ url: crawlUrls.url });
    return inserted.map((r) => r.url);
  }

  async nextQueued(jobId: string, limit: number): Promise<Array<{ url: string; depth: number }>> {
    return this.db
      .select({ url: crawlUrls.url, depth: crawlUrls.depth })
      .from(crawlUrls)
      .where(and(eq(crawlUrls.jobId, jobId), eq(crawlUrls.state, "queued")))
      .orderBy(crawlUrls.seq)
      .limit(limit);
  }

  async markUrl(jobId: string, url: string, state: "done" | "skipped" | "errored", detail: string | null = null): Promise<void> {
    await this.db
      .update(crawlUrls)
      .set({ state, detail })
      .where(and(eq(crawlUrls.jobId, jobId), eq(crawlUrls.url, url)));
  }

  /** Frontier addresses whose fetch failed, with the recorded reason (decides which unseen pages are really gone). */
  async erroredUrls(jobId: string): Promise<Array<{ url: string; detail: string | null }>> {
    return this.db
      .select({ url: crawlUrls.url, detail: crawlUrls.detail })
      .from(crawlUrls)
      .where(and(eq(crawlUrls.jobId, jobId), eq(crawlUrls.state, "errored")));
  }

  async errorPage(jobId: string, query: ErrorPageQuery): Promise<{ errors: Array<{ url: string; detail: string | null }>; total: number }> {
    const filters = [eq(crawlUrls.jobId, jobId), eq(crawlUrls.state, "errored")];
    if (query.kind !== undefined) filters.push(sql`${ERROR_KIND} = ${query.kind}`);
    if (query.search) filters.push(sql`strpos(lower(${crawlUrls.url}), lower(${query.search})) > 0`);
    const [errors, [counted]] = await Promise.all([
      this.db
        .select({ url: crawlUrls.url, detail: crawlUrls.detail })
        .from(crawlUrls)
        .where(and(...filters, query.after === undefined ? undefined : gt(crawlUrls.url, query.after)))
        .orderBy(crawlUrls.url)
        .limit(query.limit),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(crawlUrls)
        .where(and(...filters)),
    ]);
    return { errors, total: Number(counted?.total ?? 0) };
  }

  async errorKinds(jobId: string): Promise<Array<{ kind: string; count: number }>> {
    const found = await rows<{ kind: string; count: number }>(
      this.db,
      sql`SELECT ${ERROR_KIND} AS kind, count(*)::int AS count FROM crawl_urls WHERE job_id = ${jobId} AND state = 'errored'
          GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    return found.map((r) => ({ kind: r.kind, count: Number(r.count) }));
  }

  async countUrls(jobId: string): Promise<{ total: number; finished: number }> {
    const [row] = await rows<{ total: number; finished: number }>(
      this.db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE state <> 'queued')::int AS finished FROM crawl_urls WHERE job_id = ${jobId}`,
    );
    return { total: Number(row?.total ?? 0), finished: Number(row?.finished ?? 0) };
  }
}
