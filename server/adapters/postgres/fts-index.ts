// The LexicalIndex port on PostgreSQL's built-in full-text search, for servers without pg_textsearch
// (PostgreSQL 15 in CI, most managed services): a stored tsvector column with a GIN index, ranked by ts_rank_cd.
import { sql } from "drizzle-orm";
import type { LexicalHit, LexicalIndex, LexicalSearchInput } from "../../ports/lexical-index.ts";
import { rows, type Db } from "./database.ts";
import { constraintTsquery, safeTerms } from "./query-terms.ts";

export const FTS_COLUMN = "search_tsv";
export const FTS_INDEX = "chunks_search_tsv_idx";
/** The first version indexed the expression; ranking then re-parsed every matching chunk's text on each query. */
const EXPRESSION_INDEX = "chunks_search_text_fts_idx";

export class PostgresFtsIndex implements LexicalIndex {
  readonly engine = "postgres-fts";

  constructor(private readonly db: Db) {}

  /**
   * The column belongs to this engine, so it is added here rather than by a migration (as pg_textsearch's and
   * pgvector's indexes are): a database on another engine does not pay for it. Adding it to a large table
   * rewrites the table once, at the first start on this engine.
   */
  async ensureIndex(): Promise<void> {
    // Looked up first: ALTER TABLE takes an exclusive lock on chunks even when the column exists, which would stall
    // searches and ingest on the instances already running each time another one starts.
    const [present] = await rows<{ ok: number }>(
      this.db,
      sql`SELECT 1 AS ok FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'chunks' AND column_name = ${FTS_COLUMN}`,
    );
    if (!present) {
      await rows(
        this.db,
        sql.raw(`ALTER TABLE chunks ADD COLUMN IF NOT EXISTS ${FTS_COLUMN} tsvector GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED`),
      );
    }
    await rows(this.db, sql.raw(`CREATE INDEX IF NOT EXISTS ${FTS_INDEX} ON chunks USING gin (${FTS_COLUMN})`));
    await rows(this.db, sql.raw(`DROP INDEX IF EXISTS ${EXPRESSION_INDEX}`));
  }

  /**
   * Words are OR-ed (any word matches) for recall, as BM25 does; ts_rank_cd then favours chunks where
   * more of the words occur close together. Its scale differs from BM25's: hybrid search calibrates each.
   */
  async search(input: LexicalSearchInput): Promise<{ hits: LexicalHit[]; ms: number }> {
    const started = performance.now();
    const terms = safeTerms(input);
    if (terms.any.length === 0 || input.siteIds.length === 0 || input.limit <= 0) return { hits: [], ms: 0 };
    // Each word is letters and digits only, so joining with | is valid tsquery syntax; stop words drop out.
    // Phrases and exclusions are AND-ed on: they must hold, the words only rank.
    const constraint = constraintTsquery(terms);
    const tsquery = `(${terms.any.join(" | ")})${constraint ? ` & ${constraint}` : ""}`;
    // Ties break on the chunk's content hash, not its random id, so the same pages list in the same order on every run.
    // Ranking reads the stored vector: re-parsing each matching chunk made a common word cost ~0.2 s at 10k chunks.
    const found = await rows<{ id: string; score: number }>(
      this.db,
      sql`SELECT c.id, ts_rank_cd(c.search_tsv, q) AS score
          FROM chunks c, to_tsquery('english', ${tsquery}) q
          WHERE c.site_id = ANY(${sql.param(input.siteIds)}::text[]) AND c.search_tsv @@ q
          ORDER BY score DESC, c.content_hash, c.position, c.id
          LIMIT ${input.limit}`,
    );
    input.signal?.throwIfAborted();
    return { hits: found.map((r) => ({ chunkId: r.id, score: Number(r.score) })), ms: performance.now() - started };
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    return { ok: true };
  }
}
