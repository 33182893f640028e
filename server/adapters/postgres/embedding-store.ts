// The embedding queue's storage: chunks without a vector for the current model are the queue.
import { writingSites } from "./site-scope.ts";
import { sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { rows } from "./database.ts";
import type { ForegroundGate } from "./foreground-gate.ts";
import type { EmbeddingStore as EmbeddingStorePort, PendingChunk } from "../../ports/embedding-store.ts";

export type { PendingChunk };

type SavedVector = { id: string; siteId: string; contentHash: string; vector: number[] };

/**
 * Which of a site's pending chunks is embedded next (chunks aliased `c`); sites take turns around it (nextBatch).
 * Every page's lead chunk (its title and opening) before any page's later ones, each rank in creation order: while a
 * site embeds, more of its pages can be found by meaning (docs/benchmarks.md, "While a site embeds").
 * chunks_unembedded_idx (site_id, position, id) holds this order.
 */
export const EMBEDDING_ORDER = sql`c.position, c.id`;
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

  /**
   * Up to `limit` pending chunks, fair across sites: sites take turns (each site's oldest chunk, then each one's second,
   * …), starting with the first site after `afterSiteId` so the turns rotate from one batch to the next. A global
   * ORDER BY id made one site's bulk push delay every other site's vectors until it was done.
   */
  async nextBatch(limit: number, skip: string[] = [], afterSiteId: string | null = null): Promise<PendingChunk[]> {
    const skipping = skip.length > 0 ? sql`AND NOT (c.id = ANY(${sql.param(skip)}::text[]))` : sql``;
    // The recursive part walks the distinct pending sites on the partial index, one probe per site (a loose index scan).
    return rows<PendingChunk>(
      this.db,
      sql`WITH RECURSIVE pending_sites AS (
            (SELECT site_id FROM chunks WHERE embedded_at IS NULL ORDER BY site_id LIMIT 1)
            UNION ALL
            SELECT (SELECT c.site_id FROM chunks c WHERE c.embedded_at IS NULL AND c.site_id > p.site_id ORDER BY c.site_id LIMIT 1)
            FROM pending_sites p WHERE p.site_id IS NOT NULL
          ),
          turns AS (
            SELECT site_id, row_number() OVER (ORDER BY site_id <= ${afterSiteId ?? ""}, site_id) AS turn
            FROM pending_sites WHERE site_id IS NOT NULL
          )
          SELECT picked.id, t.site_id AS "siteId", picked.content_hash AS "contentHash", picked.search_text AS text
          FROM (SELECT * FROM turns ORDER BY turn LIMIT ${limit}) t
          CROSS JOIN LATERAL (
            SELECT c.id, c.content_hash, c.search_text, row_number() OVER (ORDER BY ${EMBEDDING_ORDER}) AS round
            FROM chunks c WHERE c.site_id = t.site_id AND c.embedded_at IS NULL ${skipping}
            ORDER BY ${EMBEDDING_ORDER} LIMIT ${limit}
          ) picked
          ORDER BY picked.round, t.turn
          LIMIT ${limit}`,
    );
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
