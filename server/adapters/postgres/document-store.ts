// Pages and their chunks. A page and all its chunks are replaced in one transaction, so a search
// never sees both the old and new version of a page, or neither.
import { writingSites } from "./site-scope.ts";
import { and, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { rows } from "./database.ts";
import type { ForegroundGate } from "./foreground-gate.ts";
import { chunks, embeddingCache, pages, searchOutbox } from "./schema.ts";
import { queueEmbedding } from "./embedding-store.ts";
import { newId } from "../../new-id.ts";
import type { DocumentStore as DocumentStorePort, PageChunkRow, PageWrite } from "../../ports/document-store.ts";

export type PageRow = typeof pages.$inferSelect;

const PGLITE_ROWS_PER_STATEMENT = 64;

export type { PageWrite };

export class DocumentStore implements DocumentStorePort {
  constructor(
    private readonly db: Db,
    /** When an external lexical index (Elasticsearch) mirrors chunks, changes are queued in the outbox in the same transaction. */
    private readonly useOutbox: boolean,
    /** Model whose cached embeddings may be reused for unchanged chunk text. */
    private readonly embeddingModel: string | null,
    /** Embedded PGlite's: page writes wait for visitors' statements (foreground-gate.ts). */
    private readonly gate: ForegroundGate | null = null,
  ) {}

  async findPage(siteId: string, url: string): Promise<PageRow | null> {
    const [row] = await this.db
      .select()
      .from(pages)
      .where(and(eq(pages.siteId, siteId), eq(pages.url, url)));
    return row ?? null;
  }

  /** Inserts or replaces the page at this URL with its chunks; returns the page id. */
  async replacePage(page: PageWrite): Promise<string> {
    // It changes only its site's rows: on PGlite, searches of other sites may run between its statements (site-scope.ts).
    const write = () => writingSites([page.siteId], () => this.writePage(page));
    return this.gate ? this.gate.bulk(write) : write();
  }

  private writePage(page: PageWrite): Promise<string> {
    // One transaction: readers never see the page without its chunks, nor the outbox entry or the embed job without it.
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const now = new Date();
      const pageId = await this.upsertPageRow(db, page, now);
      await this.deleteChunks(db, pageId);
      if (page.chunks.length > 0 && (await this.insertChunks(db, pageId, page, now))) await queueEmbedding(db, page.siteId);
      await this.refreshSiteCounts(db, page.siteId, true);
      if (this.useOutbox) await tx.insert(searchOutbox).values({ siteId: page.siteId, pageId, op: "upsert-page" });
      return pageId;
    });
  }

  /** The page's row, new or updated in place (its id survives a re-ingest). */
  private async upsertPageRow(db: Db, page: PageWrite, now: Date): Promise<string> {
    const fields = {
      title: page.title,
      summary: page.summary,
      tags: page.tags,
      metadata: page.metadata,
      contentHash: page.contentHash,
      source: page.source,
      lastCrawlJobId: page.crawlJobId ?? null,
      textHash: page.textHash ?? null,
      indexedAt: now,
    };
    const [row] = await db
      .insert(pages)
      .values({ id: newId("page"), siteId: page.siteId, url: page.url, ...fields })
      .onConflictDoUpdate({ target: [pages.siteId, pages.url], set: fields })
      .returning({ id: pages.id });
    return row!.id;
  }

  /**
   * The page's chunks, reusing the vector of any chunk whose text was embedded before (same content hash); true when
   * some are left waiting for a vector of the model. One
   * statement over arrays (unnest), not a VALUES row per chunk: a 1,000-section page was 9,000 bound parameters that
   * the query builder assembled on the API thread for tens of milliseconds while other tenants' searches waited.
   */
  private async insertChunks(db: Db, pageId: string, page: PageWrite, now: Date): Promise<boolean> {
    const hashes = page.chunks.map((c) => c.contentHash);
    const cached = await this.cachedEmbeddings(db, hashes);
    for (let i = 0; i < page.chunks.length; i += this.rowsPerStatement) {
      await this.insertChunkRows(db, pageId, page.siteId, page.chunks.slice(i, i + this.rowsPerStatement), cached, now);
    }
    return this.embeddingModel !== null && page.chunks.some((c) => !cached.has(c.contentHash));
  }

  /**
   * Rows per statement of a page write. PostgreSQL: all in one. Embedded PGlite: slices of ~10 ms each, so searches of
   * other sites run between them rather than after a whole 1,000-section page (pglite-guest-reads.ts).
   */
  private get rowsPerStatement(): number {
    return this.gate ? PGLITE_ROWS_PER_STATEMENT : Number.POSITIVE_INFINITY;
  }

  /** The page's old chunks, in the same slices as its new ones. */
  private async deleteChunks(db: Db, pageId: string): Promise<void> {
    if (!this.gate) {
      await db.delete(chunks).where(eq(chunks.pageId, pageId));
      return;
    }
    for (;;) {
      const gone = await rows(
        db,
        sql`DELETE FROM chunks WHERE id IN (SELECT id FROM chunks WHERE page_id = ${pageId} LIMIT ${PGLITE_ROWS_PER_STATEMENT}) RETURNING 1 AS one`,
      );
      if (gone.length < PGLITE_ROWS_PER_STATEMENT) return;
    }
  }

  private async insertChunkRows(db: Db, pageId: string, siteId: string, list: PageWrite["chunks"], cached: Map<string, number[]>, now: Date) {
    const texts = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;
    const ids = texts(list.map(() => newId("chk")));
    const positions = sql`${sql.param(list.map((c) => c.position))}::int[]`;
    const paths = texts(list.map((c) => JSON.stringify(c.headingPath)));
    const anchors = texts(list.map((c) => c.anchor));
    const bodies = texts(list.map((c) => c.text));
    const searchTexts = texts(list.map((c) => c.searchText));
    const hashes = texts(list.map((c) => c.contentHash));
    const vectors = texts(list.map((c) => cached.get(c.contentHash) ?? null).map((v) => (v ? `[${v.join(",")}]` : null)));
    await rows(
      db,
      sql`INSERT INTO chunks (id, page_id, site_id, position, heading_path, anchor, text, search_text, content_hash, embedding, embedding_model, embedded_at)
          SELECT u.id, ${pageId}, ${siteId}, u.position,
                 ARRAY(SELECT h.e FROM jsonb_array_elements_text(u.heading_path::jsonb) WITH ORDINALITY AS h(e, n) ORDER BY h.n),
                 u.anchor, u.text, u.search_text, u.content_hash, u.embedding::vector,
                 CASE WHEN u.embedding IS NULL THEN NULL ELSE ${this.embeddingModel} END,
                 CASE WHEN u.embedding IS NULL THEN NULL ELSE ${now.toISOString()}::timestamptz END
          FROM unnest(${ids}, ${positions}, ${paths}, ${anchors}, ${bodies}, ${searchTexts}, ${hashes}, ${vectors})
            AS u(id, position, heading_path, anchor, text, search_text, content_hash, embedding)`,
    );
  }

  /** Stored titles of other pages of the site, with the original each was cut from (title-suffix detection). */
  async siteTitles(siteId: string, exceptUrl: string, limit: number): Promise<Array<{ title: string; original: string }>> {
    return (
      this.db
        .select({ title: pages.title, original: sql<string>`coalesce(${pages.metadata}->>'originalTitle', ${pages.title})` })
        .from(pages)
        // Any `limit` of them, unordered: sorting would read every page of a large site on every ingest.
        .where(and(eq(pages.siteId, siteId), sql`${pages.url} <> ${exceptUrl}`))
        .limit(limit)
    );
  }

  /** Cuts a newly recognised shared suffix from the titles stored before it was recognised, keeping each original. */
  async stripTitleSuffix(siteId: string, suffix: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(pages)
        .set({
          title: sql`left(${pages.title}, length(${pages.title}) - ${suffix.length})`,
          metadata: sql`${pages.metadata} || jsonb_build_object('originalTitle', ${pages.title})`,
        })
        .where(and(eq(pages.siteId, siteId), sql`right(${pages.title}, ${suffix.length}) = ${suffix}`, sql`length(${pages.title}) > ${suffix.length}`))
        .returning({ id: pages.id });
      if (this.useOutbox && updated.length > 0) {
        await tx.insert(searchOutbox).values(updated.map((u) => ({ siteId, pageId: u.id, op: "upsert-page" as const })));
      }
      return updated.length;
    });
  }

  /** One page of the site's URLs in "C" order after `after`, for matching a pattern SQL cannot run without holding them all. */
  async urlsAfter(siteId: string, after: string | null, limit: number): Promise<string[]> {
    const filters = [eq(pages.siteId, siteId)];
    if (after !== null) filters.push(sql`${pages.url} COLLATE "C" > ${after}`);
    const found = await this.db
      .select({ url: pages.url })
      .from(pages)
      .where(and(...filters))
      .orderBy(sql`${pages.url} COLLATE "C"`)
      .limit(limit);
    return found.map((r) => r.url);
  }

  /**
   * Deletes pages by exact URL, by a PostgreSQL regular expression over the URL or its path (patterns/postgres-regex.ts),
   * or every page of the site; returns how many went.
   */
  async deletePages(siteId: string, match: { urls: string[] } | { regex: string; subject: "url" | "path" } | { all: true }): Promise<number> {
    if ("urls" in match && match.urls.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      const selected = "all" in match ? undefined : "urls" in match ? inArray(pages.url, match.urls) : urlMatches(match);
      const condition = and(eq(pages.siteId, siteId), selected);
      const deleted = await tx.delete(pages).where(condition).returning({ id: pages.id });
      await this.refreshSiteCounts(tx as unknown as Db, siteId);
      if (this.useOutbox && deleted.length > 0) {
        await tx.insert(searchOutbox).values(deleted.map((d) => ({ siteId, pageId: d.id, op: "delete-page" as const })));
      }
      return deleted.length;
    });
  }

  /** Pages ordered by URL; the cursor is the last URL of the previous page, so inserts never cause duplicates or gaps. */
  async listPages(siteId: string, opts: { limit: number; cursor?: string; search?: string }): Promise<PageRow[]> {
    const filters = [eq(pages.siteId, siteId)];
    // Compare in the same "C" collation the list is ordered by, or the cursor would skip or repeat rows.
    if (opts.cursor) filters.push(sql`${pages.url} COLLATE "C" > ${opts.cursor}`);
    if (opts.search) {
      const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(or(ilike(pages.title, like), ilike(pages.url, like))!);
    }
    return this.db
      .select()
      .from(pages)
      .where(and(...filters))
      .orderBy(sql`${pages.url} COLLATE "C"`)
      .limit(opts.limit);
  }

  /** A page's chunks in reading order, with whether each has its embedding yet. */
  async pageChunks(pageId: string): Promise<PageChunkRow[]> {
    return this.db
      .select({
        id: chunks.id,
        position: chunks.position,
        headingPath: chunks.headingPath,
        anchor: chunks.anchor,
        text: chunks.text,
        embeddedAt: chunks.embeddedAt,
      })
      .from(chunks)
      .where(eq(chunks.pageId, pageId))
      .orderBy(chunks.position);
  }

  /** URLs of crawled pages of this site that a crawl did not see (for removal after a successful re-crawl). */
  async crawledPagesNotIn(siteId: string, jobId: string): Promise<string[]> {
    const found = await this.db
      .select({ url: pages.url })
      .from(pages)
      .where(and(eq(pages.siteId, siteId), eq(pages.source, "crawl"), sql`${pages.lastCrawlJobId} IS DISTINCT FROM ${jobId}`));
    return found.map((r) => r.url);
  }

  async markCrawled(siteId: string, url: string, jobId: string): Promise<void> {
    await this.db
      .update(pages)
      .set({ lastCrawlJobId: jobId })
      .where(and(eq(pages.siteId, siteId), eq(pages.url, url)));
  }

  /** What the last crawl learnt about a page: its HTTP validators and when it was fetched (incremental crawls). */
  async fetchState(siteId: string, url: string): Promise<{ etag: string | null; lastModified: string | null; checkedAt: Date | null } | null> {
    const [row] = await this.db
      .select({ etag: pages.etag, lastModified: pages.lastModified, checkedAt: pages.checkedAt })
      .from(pages)
      .where(and(eq(pages.siteId, siteId), eq(pages.url, url), eq(pages.source, "crawl")));
    return row ?? null;
  }

  /** A crawl saw the page now (fetched, or known unchanged): it is not vanished, and these validators go with it. */
  async recordFetch(siteId: string, url: string, jobId: string, validators: { etag: string | null; lastModified: string | null } | null): Promise<void> {
    await this.db
      .update(pages)
      .set({ lastCrawlJobId: jobId, checkedAt: new Date(), ...(validators ?? {}) })
      .where(and(eq(pages.siteId, siteId), eq(pages.url, url)));
  }

  private async cachedEmbeddings(db: Db, hashes: string[]): Promise<Map<string, number[]>> {
    if (!this.embeddingModel || hashes.length === 0) return new Map();
    const found = await db
      .select({ hash: embeddingCache.contentHash, embedding: embeddingCache.embedding })
      .from(embeddingCache)
      .where(and(eq(embeddingCache.model, this.embeddingModel), sql`${embeddingCache.contentHash} = ANY(${sql.param([...new Set(hashes)])}::text[])`));
    return new Map(found.map((r) => [r.hash, r.embedding]));
  }

  // The count is kept on the site row so listing sites stays one cheap query; status follows content.
  private async refreshSiteCounts(db: Db, siteId: string, written = false): Promise<void> {
    // A written page marks the site as indexing until its vectors are in (SiteStore.finishIndexing sends site.ready).
    const marked = written && this.embeddingModel !== null;
    await rows(
      db,
      sql`UPDATE sites SET
            page_count = (SELECT count(*) FROM pages WHERE site_id = ${siteId}),
            status = CASE
              WHEN EXISTS (SELECT 1 FROM pages WHERE site_id = ${siteId}) THEN 'ready'
              WHEN status = 'error' THEN 'error'
              ELSE 'pending' END,
            updated_at = now(),
            indexing_since = ${marked ? sql`coalesce(indexing_since, now())` : sql`indexing_since`}
          WHERE id = ${siteId}`,
    );
  }
}

/** The path is what `patternSubjectOf` takes in the process: after `scheme://host`, before a query or fragment. */
function urlMatches(match: { regex: string; subject: "url" | "path" }) {
  const subject = match.subject === "path" ? sql`coalesce(nullif(substring(${pages.url} from '^[^:]+://[^/?#]*([^?#]*)'), ''), '/')` : sql`${pages.url}`;
  return sql`${subject} ~ ${match.regex}`;
}
