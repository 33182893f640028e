// The VectorStore port on pgvector: cosine distance over chunks.embedding through an HNSW index built
// for one model and dimension (the column is untyped so a model change needs no migration).
import { readingSites } from "./site-scope.ts";
import { sql } from "drizzle-orm";
import type { VectorHit, VectorSearchInput, VectorStore } from "../../ports/vector-store.ts";
import { rows, type Db } from "./database.ts";
import { SiteSetSize } from "./site-set-size.ts";

export interface PgVectorStoreOptions {
  /** Embedding model whose vectors are searched; rows of other models are ignored. */
  model: string;
  dimensions: number;
  /** HNSW candidate list per search; at least the result limit or results are cut short. */
  efSearch?: number;
  /**
   * Above this many vectors in the searched sites the HNSW index is used even where the planner would rather read
   * the sites' rows and sort them exactly (its cost model does so up to tens of thousands: 95 ms at 10k chunks
   * against ~10 ms through the index). Below it the exact scan stays: it is fast there and misses nothing.
   */
  exactScanMaxRows?: number;
}

/** A SQL string literal for values that come from configuration, never from requests. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

export class PgVectorStore implements VectorStore {
  readonly indexName: string;
  private readonly predicate: string;
  private readonly cast: string;
  private readonly size: SiteSetSize;

  constructor(
    private readonly db: Db,
    private readonly opts: PgVectorStoreOptions,
  ) {
    if (!Number.isInteger(opts.dimensions) || opts.dimensions < 1 || opts.dimensions > 2000) {
      throw new Error(`HNSW indexes take 1 to 2000 dimensions; the embedder has ${opts.dimensions}.`);
    }
    this.indexName = `chunks_embedding_hnsw_${opts.dimensions}_${opts.model.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`.slice(0, 63);
    // The partial-index predicate must appear in queries as the same literal, or the planner cannot use the index.
    this.predicate = `embedding_model = ${literal(opts.model)}`;
    this.cast = `vector(${opts.dimensions})`;
    this.size = new SiteSetSize(db, opts.exactScanMaxRows ?? 2_000);
  }

  get model(): string {
    return this.opts.model;
  }

  /** Creates the HNSW index for this model and dimension when missing (once per model; takes a while on a large table). */
  async ensureIndex(): Promise<void> {
    await rows(
      this.db,
      sql.raw(`CREATE INDEX IF NOT EXISTS ${this.indexName} ON chunks USING hnsw ((embedding::${this.cast}) vector_cosine_ops) WHERE ${this.predicate}`),
    );
  }

  /**
   * Iterative scans (pgvector 0.8) keep walking the graph until enough rows pass the site filter, so a small
   * site among large ones still gets its neighbours; both settings are local to the transaction.
   */
  search(input: VectorSearchInput): Promise<{ hits: VectorHit[]; ms: number }> {
    // Reads only the searched sites' rows: on embedded PGlite it may run between another tenant's write statements.
    return readingSites(input.siteIds, () => this.searchSites(input));
  }

  private async searchSites(input: VectorSearchInput): Promise<{ hits: VectorHit[]; ms: number }> {
    const started = performance.now();
    if (input.siteIds.length === 0 || input.limit <= 0) return { hits: [], ms: 0 };
    if (input.vector.length !== this.opts.dimensions)
      throw new Error(`The query vector has ${input.vector.length} dimensions; the index has ${this.opts.dimensions}.`);
    const vector = `[${input.vector.join(",")}]`;
    const efSearch = Math.min(1000, Math.max(input.limit, this.opts.efSearch ?? 100));
    const preferIndex = await this.size.isAbove(input.siteIds, (ids) => sql`${sql.raw(this.predicate)} AND site_id = ANY(${sql.param(ids)}::text[])`);
    const found = await this.db.transaction(async (tx) => {
      // One statement for the settings (is_local true: SET LOCAL): on PGlite each statement costs ~1 ms.
      // Sorting is what the exact plan needs; pricing it out leaves the index's own order. A small site's exact
      // plan reads its rows through the site index: statistics from before a large neighbour's import would
      // otherwise send it through all of chunks.
      await rows(
        tx,
        sql`SELECT set_config('hnsw.ef_search', ${String(efSearch)}, true), set_config('hnsw.iterative_scan', 'relaxed_order', true),
                   set_config(${preferIndex ? "enable_sort" : "enable_seqscan"}, 'off', true)`,
        input.signal,
      );
      return rows<{ id: string; distance: number }>(
        tx,
        sql`SELECT id, embedding::${sql.raw(this.cast)} <=> ${vector}::${sql.raw(this.cast)} AS distance
            FROM chunks
            WHERE ${sql.raw(this.predicate)} AND site_id = ANY(${sql.param(input.siteIds)}::text[])
            ORDER BY embedding::${sql.raw(this.cast)} <=> ${vector}::${sql.raw(this.cast)}
            LIMIT ${input.limit}`,
        input.signal,
      );
    });
    input.signal?.throwIfAborted();
    // relaxed_order may return neighbours slightly out of order; sort them exactly.
    const hits = found.map((r) => ({ chunkId: r.id, similarity: 1 - Number(r.distance) })).sort((a, b) => b.similarity - a.similarity);
    return { hits, ms: performance.now() - started };
  }
}
