// The embedding queue's storage: chunks without a vector for the current model are what it embeds, and an `embed` job
// on the job queue for each site that has some.
import { writingSites } from "./site-scope.ts";
import { sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { rows } from "./database.ts";
import type { ForegroundGate } from "./foreground-gate.ts";
import { embedJobAttempts, embedJobKind, type EmbeddingStore as EmbeddingStorePort, type PendingChunk } from "../../ports/embedding-store.ts";
import { newId } from "../../new-id.ts";

export type { PendingChunk };

type SavedVector = { id: string; siteId: string; contentHash: string; vector: number[] };

/**
 * Which of a site's pending chunks is embedded next (chunks aliased `c`); sites take turns on the job queue.
 * Every page's lead chunk (its title and opening) before any page's later ones, each rank in creation order: while a
 * site embeds, more of its pages can be found by meaning (docs/benchmarks.md, "While a site embeds").
 * chunks_unembedded_idx (site_id, position, id) holds this order.
 */
export const EMBEDDING_ORDER = sql`c.position, c.id`;

/** Queues the site's embed job unless one is queued already: a page write that leaves chunks waiting calls it in its transaction. */
export async function queueEmbedding(db: Pick<Db, "execute">, siteId: string): Promise<void> {
  await rows(
    db,
    sql`INSERT INTO jobs (id, kind, org_id, ref, max_attempts)
        SELECT ${newId("jq")}, ${embedJobKind}, org_id, id, ${embedJobAttempts} FROM sites WHERE id = ${siteId}
        ON CONFLICT DO NOTHING`,
  );
}

export class EmbeddingStore implements EmbeddingStorePort {
  constructor(
    private readonly db: Db,
    /** Embedded PGlite's: vector saves wait for visitors' statements (foreground-gate.ts). */
    private readonly gate: ForegroundGate | null = null,
  ) {}

  /** A model change invalidates every vector of the old model; the queue then re-embeds them. */
  async forgetOtherModels(model: string): Promise<number> {
    const changed = await rows<{ id: string }>(
      this.db,
      sql`UPDATE chunks SET embedding = NULL, embedding_model = NULL, embedded_at = NULL
          WHERE embedding_model IS NOT NULL AND embedding_model <> ${model} RETURNING id`,
    );
    return changed.length;
  }

  /** The site's next pending chunks in EMBEDDING_ORDER, on chunks_unembedded_idx; sites take turns on the job queue. */
  async nextBatch(siteId: string, limit: number, skip: string[] = []): Promise<PendingChunk[]> {
    const skipping = skip.length > 0 ? sql`AND NOT (c.id = ANY(${sql.param(skip)}::text[]))` : sql``;
    return rows<PendingChunk>(
      this.db,
      sql`SELECT c.id, c.site_id AS "siteId", c.content_hash AS "contentHash", c.search_text AS text
          FROM chunks c WHERE c.site_id = ${siteId} AND c.embedded_at IS NULL ${skipping}
          ORDER BY ${EMBEDDING_ORDER} LIMIT ${limit}`,
    );
  }

  /**
   * The sweep: a job for every site with chunks waiting whose job is missing (its runs failed until it became a dead
   * letter, a model change took its vectors, a process without an embedder wrote its pages). A site whose job runs has
   * one; a queued twin would only be dropped when that job yields its turn.
   */
  async queueWaitingSites(): Promise<number> {
    // The recursive part walks the distinct pending sites on the partial index, one probe per site (a loose index scan).
    const queued = await rows<{ id: string }>(
      this.db,
      sql`WITH RECURSIVE pending_sites AS (
            (SELECT site_id FROM chunks WHERE embedded_at IS NULL ORDER BY site_id LIMIT 1)
            UNION ALL
            SELECT (SELECT c.site_id FROM chunks c WHERE c.embedded_at IS NULL AND c.site_id > p.site_id ORDER BY c.site_id LIMIT 1)
            FROM pending_sites p WHERE p.site_id IS NOT NULL
          )
          INSERT INTO jobs (id, kind, org_id, ref, max_attempts)
          SELECT 'jq_' || replace(gen_random_uuid()::text, '-', ''), ${embedJobKind}, s.org_id, s.id, ${embedJobAttempts}
          FROM pending_sites p JOIN sites s ON s.id = p.site_id
          WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = ${embedJobKind} AND j.ref = s.id AND j.status = 'running')
          ON CONFLICT DO NOTHING
          RETURNING id`,
    );
    return queued.length;
  }

  /** Saves vectors only where the chunk still has the text they were computed from (it may have been replaced meanwhile). */
  async save(items: SavedVector[], model: string): Promise<void> {
    if (items.length === 0) return;
    // Each vector also updates the HNSW index: a batch is a bulk write that a visitor's search should not wait for.
    // It changes only its chunks' sites, so searches of other sites may run between its statements (site-scope.ts).
    const write = () => writingSites([...new Set(items.map((i) => i.siteId))], () => this.write(items, model));
    await (this.gate ? this.gate.bulk(write) : write());
  }

  private async write(items: SavedVector[], model: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The sites' rows first, as a site's deletion locks its row before its chunks: locking chunks one by one while the
      // deletion's cascade locked them in another order was a deadlock, and the deletion the one PostgreSQL cancelled.
      // A site deleted first leaves nothing here to update.
      const sites = [...new Set(items.map((i) => i.siteId))].sort();
      await tx.execute(sql`SELECT id FROM sites WHERE id = ANY(${sql.param(sites)}::text[]) ORDER BY id FOR KEY SHARE`);
      for (const item of items) {
        const literal = `[${item.vector.join(",")}]`;
        await tx.execute(sql`UPDATE chunks SET embedding = ${literal}::vector, embedding_model = ${model}, embedded_at = now()
                             WHERE id = ${item.id} AND content_hash = ${item.contentHash}`);
        await tx.execute(sql`INSERT INTO embedding_cache (content_hash, model, embedding) VALUES (${item.contentHash}, ${model}, ${literal}::vector)
                             ON CONFLICT DO NOTHING`);
      }
    });
  }

  async pendingCount(): Promise<number> {
    const [row] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM chunks WHERE embedded_at IS NULL`);
    return Number(row?.n ?? 0);
  }
}
