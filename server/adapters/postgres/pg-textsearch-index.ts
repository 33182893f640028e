// The LexicalIndex port on pg_textsearch: a BM25 index over chunks.search_text, maintained by Postgres
// inside the ingest transaction, so a page is keyword-searchable the moment its write commits.
import { sql } from "drizzle-orm";
import type { LexicalHit, LexicalIndex, LexicalSearchInput } from "../../ports/lexical-index.ts";
import { rows, type Db } from "./database.ts";
import { constraintTsquery, safeTerms } from "./query-terms.ts";

export const BM25_INDEX = "chunks_search_text_bm25_idx";

export class PgTextsearchIndex implements LexicalIndex {
  readonly engine = "pg_textsearch";

  constructor(private readonly db: Db) {}

  /** Creates the BM25 index when missing; on an existing large table this is the one slow start-up. */
  async ensureIndex(): Promise<void> {
    await rows(this.db, sql.raw(`CREATE INDEX IF NOT EXISTS ${BM25_INDEX} ON chunks USING bm25 (search_text) WITH (text_config = 'english')`));
  }

  /**
   * `<@>` answers the negative BM25 score (k1 1.2, b 0.75, corpus statistics over all sites); it is
   * negated here so higher is better, as the port says. Rows that match no term score 0 and are dropped.
   */
  async search(input: LexicalSearchInput): Promise<{ hits: LexicalHit[]; ms: number }> {
    const started = performance.now();
    const terms = safeTerms(input);
    if (terms.any.length === 0 || input.siteIds.length === 0 || input.limit <= 0) return { hits: [], ms: 0 };
    const query = terms.any.join(" ");
    // bm25query has no phrase or NOT syntax, so phrases and exclusions filter through a tsvector parsed per candidate.
    const constraint = constraintTsquery(terms);
    const must = constraint ? sql` AND to_tsvector('english', search_text) @@ to_tsquery('english', ${constraint})` : sql``;
    const found = await rows<{ id: string; score: number }>(
      this.db,
      sql`SELECT id, search_text <@> to_bm25query(${query}, ${BM25_INDEX}) AS score
          FROM chunks
          WHERE site_id = ANY(${sql.param(input.siteIds)}::text[])${must}
          ORDER BY search_text <@> to_bm25query(${query}, ${BM25_INDEX})
          LIMIT ${input.limit}`,
    );
    input.signal?.throwIfAborted();
    const hits = found.map((r) => ({ chunkId: r.id, score: -Number(r.score) })).filter((h) => h.score > 0);
    return { hits, ms: performance.now() - started };
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    const [found] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = ${BM25_INDEX}`);
    return Number(found?.n) > 0 ? { ok: true } : { ok: false, detail: `The BM25 index ${BM25_INDEX} is missing.` };
  }
}
