// The embedding queue's storage: chunks without a vector for the current model are the queue.
import { sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { rows } from "./database.ts";

export interface PendingChunk {
  id: string;
  contentHash: string;
  text: string;
}

export class EmbeddingStore {
  constructor(private readonly db: Db) {}

  /** A model change invalidates every vector of the old model; the queue then re-embeds them. */
  async forgetOtherModels(model: string): Promise<number> {
    const changed = await rows<{ id: string }>(
      this.db,
      sql`UPDATE chunks SET embedding = NULL, embedding_model = NULL, embedded_at = NULL
          WHERE embedding_model IS NOT NULL AND embedding_model <> ${model} RETURNING id`,
    );
    return changed.length;
  }

  async nextBatch(limit: number, skip: string[] = []): Promise<PendingChunk[]> {
    return rows<PendingChunk>(
      this.db,
      sql`SELECT id, content_hash AS "contentHash", search_text AS text FROM chunks
          WHERE embedded_at IS NULL ${skip.length > 0 ? sql`AND NOT (id = ANY(${sql.param(skip)}::text[]))` : sql``}
          ORDER BY id LIMIT ${limit}`,
    );
  }

  /** Saves vectors only where the chunk still has the text they were computed from (it may have been replaced meanwhile). */
  async save(items: Array<{ id: string; contentHash: string; vector: number[] }>, model: string): Promise<void> {
    if (items.length === 0) return;
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
