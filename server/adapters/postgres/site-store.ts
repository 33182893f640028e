// Sites of an organisation: records, settings and statistics.
import { readingSites } from "./site-scope.ts";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { rows, type Db } from "./database.ts";
import { chunks, crawlJobs, pages, searchOutbox, sites } from "./schema.ts";
import { newId } from "../../new-id.ts";
import type { SiteStats, SiteStore as SiteStorePort } from "../../ports/site-store.ts";

export type SiteRow = typeof sites.$inferSelect;
export type SiteInsert = Omit<typeof sites.$inferInsert, "id">;
export type SiteUpdate = Partial<Omit<typeof sites.$inferInsert, "id" | "orgId" | "createdAt">>;

export type { SiteStats };

export class SiteStore implements SiteStorePort {
  /** `outbox`: an external lexical index (Elasticsearch) learns of deleted sites through the search outbox. */
  constructor(
    private readonly db: Db,
    private readonly options: { outbox?: boolean } = {},
  ) {}

  async create(input: SiteInsert): Promise<SiteRow> {
    const [row] = await this.db
      .insert(sites)
      .values({ id: newId("site"), ...input })
      .returning();
    return row!;
  }

  /** The site if it belongs to the organisation; another organisation's site is indistinguishable from none. */
  get(orgId: string, siteId: string): Promise<SiteRow | null> {
    // Reads one site's row: on embedded PGlite it may run between another tenant's write statements (site-scope.ts).
    return readingSites([siteId], async () => {
      const [row] = await this.db
        .select()
        .from(sites)
        .where(and(eq(sites.id, siteId), eq(sites.orgId, orgId)));
      return row ?? null;
    });
  }

  /** For public endpoints, which know only the site id. */
  getById(siteId: string): Promise<SiteRow | null> {
    return readingSites([siteId], async () => {
      const [row] = await this.db.select().from(sites).where(eq(sites.id, siteId));
      return row ?? null;
    });
  }

  async list(orgId: string): Promise<SiteRow[]> {
    return this.db.select().from(sites).where(eq(sites.orgId, orgId)).orderBy(sites.createdAt, sites.id);
  }

  async listByIds(orgId: string, ids: string[]): Promise<SiteRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(sites)
      .where(and(eq(sites.orgId, orgId), sql`${sites.id} = ANY(${sql.param(ids)}::text[])`));
  }

  async update(orgId: string, siteId: string, patch: SiteUpdate): Promise<SiteRow | null> {
    const [row] = await this.db
      .update(sites)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(sites.id, siteId), eq(sites.orgId, orgId)))
      .returning();
    return row ?? null;
  }

  /**
   * Deletes the site (its pages, chunks and jobs cascade) and takes its queries out of the organisation-wide monthly
   * rollups in the same transaction. Its own analytics rows stay: monthly usage still counts what it served.
   * The outbox row is written in that transaction too: written after the commit, a crash in between would leave the
   * site's documents in Elasticsearch for ever.
   */
  async delete(orgId: string, siteId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(sites)
        .where(and(eq(sites.id, siteId), eq(sites.orgId, orgId)))
        .returning({ id: sites.id });
      if (deleted.length === 0) return false;
      if (this.options.outbox) await tx.insert(searchOutbox).values({ siteId, op: "delete-site" });
      await tx.execute(sql`UPDATE query_monthly_org o SET count = o.count - m.count, no_results = o.no_results - m.no_results, clicks = o.clicks - m.clicks
        FROM query_monthly m WHERE m.site_id = ${siteId} AND o.org_id = m.org_id AND o.month = m.month AND o.query = m.query`);
      await tx.execute(sql`DELETE FROM query_monthly_org WHERE org_id = ${orgId} AND count = 0 AND no_results = 0 AND clicks = 0`);
      return true;
    });
  }

  async stats(siteId: string): Promise<SiteStats> {
    const [pageRow] = await this.db.select({ n: count() }).from(pages).where(eq(pages.siteId, siteId));
    const [chunkRow] = await this.db
      .select({ n: count(), embedded: count(chunks.embeddedAt) })
      .from(chunks)
      .where(eq(chunks.siteId, siteId));
    const [job] = await this.db.select({ id: crawlJobs.id }).from(crawlJobs).where(eq(crawlJobs.siteId, siteId)).orderBy(desc(crawlJobs.createdAt)).limit(1);
    return {
      pageCount: Number(pageRow?.n ?? 0),
      chunkCount: Number(chunkRow?.n ?? 0),
      embeddedChunkCount: Number(chunkRow?.embedded ?? 0),
      lastCrawlJobId: job?.id ?? null,
    };
  }

  async recentEmbedding(siteId: string): Promise<{ chunks: number; seconds: number }> {
    const [row] = await rows<{ n: number; span: number | null }>(
      this.db,
      sql`SELECT count(*)::int AS n, extract(epoch FROM now() - min(embedded_at))::float8 AS span
          FROM chunks WHERE site_id = ${siteId} AND embedded_at > now() - interval '2 minutes'`,
    );
    return { chunks: Number(row?.n ?? 0), seconds: Number(row?.span ?? 0) };
  }

  async finishIndexing(siteId: string): Promise<{ orgId: string; chunkCount: number } | null> {
    const [row] = await rows<{ orgId: string; chunkCount: number }>(
      this.db,
      sql`UPDATE sites SET indexing_since = NULL
          WHERE id = ${siteId} AND indexing_since IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM chunks WHERE site_id = ${siteId} AND embedded_at IS NULL)
            AND NOT EXISTS (SELECT 1 FROM crawl_jobs WHERE site_id = ${siteId} AND status IN ('pending', 'running'))
          RETURNING org_id AS "orgId", (SELECT count(*)::int FROM chunks WHERE site_id = ${siteId}) AS "chunkCount"`,
    );
    return row ? { orgId: row.orgId, chunkCount: Number(row.chunkCount) } : null;
  }
}
