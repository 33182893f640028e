// The search outbox in Postgres, and the chunks with their page's fields in the shape an external index takes:
// what the Elasticsearch drain and rebuilds read from the source of truth.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { rows, type Db } from "./database.ts";
import { chunks, pages, searchOutbox, sites } from "./schema.ts";
import type { IndexableChunk, OutboxLag, OutboxRow, SearchOutbox } from "../../ports/search-outbox.ts";

const columns = {
  chunkId: chunks.id,
  pageId: chunks.pageId,
  siteId: chunks.siteId,
  headingPath: chunks.headingPath,
  text: chunks.text,
  url: pages.url,
  title: pages.title,
  tags: pages.tags,
  metadata: pages.metadata,
};

export class PostgresSearchOutbox implements SearchOutbox {
  constructor(private readonly db: Db) {}

  async pageChunks(pageIds: string[]): Promise<IndexableChunk[]> {
    if (pageIds.length === 0) return [];
    return this.db
      .select(columns)
      .from(chunks)
      .innerJoin(pages, eq(pages.id, chunks.pageId))
      .where(inArray(chunks.pageId, pageIds))
      .orderBy(asc(chunks.pageId), asc(chunks.position));
  }

  /** Walked by chunk id so memory stays flat on a large site. */
  async *siteChunkBatches(siteId: string, batchSize: number): AsyncGenerator<IndexableChunk[]> {
    let after = "";
    for (;;) {
      const batch = await this.db
        .select(columns)
        .from(chunks)
        .innerJoin(pages, eq(pages.id, chunks.pageId))
        .where(and(eq(chunks.siteId, siteId), gt(chunks.id, after)))
        .orderBy(asc(chunks.id))
        .limit(batchSize);
      if (batch.length === 0) return;
      yield batch;
      after = batch.at(-1)!.chunkId;
      if (batch.length < batchSize) return;
    }
  }

  async allSiteIds(): Promise<string[]> {
    return (await this.db.select({ id: sites.id }).from(sites).orderBy(sites.id)).map((r) => r.id);
  }

  async siteExists(siteId: string): Promise<boolean> {
    return (await this.db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId))).length > 0;
  }

  // One statement that works on PostgreSQL and PGlite. SKIP LOCKED lets workers claim side by side; the
  // lease (available_at in the future) hides claimed rows once the statement commits, so no transaction
  // stays open across Elasticsearch calls. A row waits while an older row of the same page is pending,
  // and a site deletion waits for, and holds back, the site's other rows: one page is never written by
  // two workers at once, so a slow worker cannot put back an older version after a newer one.
  async claim(limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
    const claimed = await rows<{ id: number | string; site_id: string; page_id: string | null; op: OutboxRow["op"]; attempts: number }>(
      this.db,
      sql`UPDATE search_outbox SET available_at = now() + make_interval(secs => ${leaseSeconds})
          WHERE id IN (
            SELECT o.id FROM search_outbox o
            WHERE o.available_at <= now()
              AND NOT EXISTS (
                SELECT 1 FROM search_outbox older
                WHERE older.id < o.id AND older.site_id = o.site_id
                  AND (older.page_id = o.page_id OR older.op = 'delete-site' OR o.op = 'delete-site'))
            ORDER BY o.id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING id, site_id, page_id, op, attempts`,
    );
    return claimed.map((r) => ({ id: Number(r.id), siteId: r.site_id, pageId: r.page_id, op: r.op, attempts: r.attempts }));
  }

  async remove(ids: number[]): Promise<void> {
    await this.db.delete(searchOutbox).where(inArray(searchOutbox.id, ids));
  }

  // Exponential backoff from the row's own attempt count: 2 s, 4 s, 8 s … capped at maxBackoffSeconds.
  async fail(ids: number[], error: string, maxBackoffSeconds: number): Promise<void> {
    await rows(
      this.db,
      sql`UPDATE search_outbox
          SET attempts = attempts + 1,
              last_error = ${error.slice(0, 1000)},
              available_at = now() + make_interval(secs => least(power(2, attempts + 1), ${maxBackoffSeconds}))
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }

  async lag(): Promise<OutboxLag> {
    const [row] = await rows<{ pending: number | string; oldest: number | string | null; retrying: number | string }>(
      this.db,
      sql`SELECT count(*) AS pending,
                 EXTRACT(EPOCH FROM now() - min(created_at)) AS oldest,
                 count(*) FILTER (WHERE attempts > 0) AS retrying
          FROM search_outbox`,
    );
    return { pending: Number(row?.pending ?? 0), oldestSeconds: Math.max(0, Math.round(Number(row?.oldest ?? 0))), retrying: Number(row?.retrying ?? 0) };
  }
}
