// The LexicalIndex port on PostgreSQL's built-in full-text search, for servers without pg_textsearch
// (PostgreSQL 15 in CI, most managed services): a stored tsvector column with a GIN index, ranked by ts_rank_cd, in
// which title and heading words carry weight A and body words weight D.
import { readingSites } from "./site-scope.ts";
import { sql, type SQL } from "drizzle-orm";
import type { LexicalHit, LexicalIndex, LexicalSearchInput } from "../../ports/lexical-index.ts";
import { rows, type Db } from "./database.ts";
import { constraintTsquery, safeTerms } from "./query-terms.ts";
import { DEFAULT_HEADING_WEIGHT, HEADING_TEXT_SQL } from "./heading-text.ts";
import { SiteSetSize } from "./site-set-size.ts";

export const FTS_COLUMN = "search_weighted_tsv";
export const FTS_INDEX = "chunks_search_weighted_tsv_idx";
/** The first version indexed the expression; ranking then re-parsed every matching chunk's text on each query. */
const EXPRESSION_INDEX = "chunks_search_text_fts_idx";
/** The second stored one vector without weights; its GIN index goes with it. */
const UNWEIGHTED_COLUMN = "search_tsv";
const WEIGHTED_TSVECTOR = `setweight(to_tsvector('english', ${HEADING_TEXT_SQL}), 'A') || to_tsvector('english', text)`;
/** ts_rank_cd's default weight for D, kept for body words so scores stay on the scale the hybrid calibration expects. */
const BODY_WEIGHT = 0.1;

/**
 * Sites with at most this many chunks are searched by reading their own rows (through the site index) rather than
 * the shared GIN index: there a common word's postings span every tenant, plus the rows a bulk import left in the
 * GIN pending list, so a small site's search cost grew with a large neighbour's import (19-90 ms instead of ~1 ms).
 */
const SITE_SCAN_MAX_CHUNKS = 2_000;

export class PostgresFtsIndex implements LexicalIndex {
  readonly engine = "postgres-fts";
  private readonly size: SiteSetSize;

  /**
   * A title or heading word counts headingWeight times a body word (at most 10: ts_rank_cd's weights stop at 1).
   * `siteScanMaxChunks`: sites up to this size are searched through their own rows (tests set it to compare plans).
   */
  constructor(
    private readonly db: Db,
    public headingWeight = DEFAULT_HEADING_WEIGHT,
    siteScanMaxChunks = SITE_SCAN_MAX_CHUNKS,
  ) {
    this.size = new SiteSetSize(db, siteScanMaxChunks);
  }

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
      await rows(this.db, sql.raw(`ALTER TABLE chunks ADD COLUMN IF NOT EXISTS ${FTS_COLUMN} tsvector GENERATED ALWAYS AS (${WEIGHTED_TSVECTOR}) STORED`));
      await rows(this.db, sql.raw(`ALTER TABLE chunks DROP COLUMN IF EXISTS ${UNWEIGHTED_COLUMN}`));
    }
    await rows(this.db, sql.raw(`CREATE INDEX IF NOT EXISTS ${FTS_INDEX} ON chunks USING gin (${FTS_COLUMN})`));
    await rows(this.db, sql.raw(`DROP INDEX IF EXISTS ${EXPRESSION_INDEX}`));
  }

  /**
   * Words are OR-ed (any word matches) for recall, as BM25 does; ts_rank_cd then favours chunks where
   * more of the words occur close together. Its scale differs from BM25's: hybrid search calibrates each.
   */
  search(input: LexicalSearchInput): Promise<{ hits: LexicalHit[]; ms: number }> {
    // Reads only the searched sites' rows: on embedded PGlite it may run between another tenant's write statements.
    return readingSites(input.siteIds, () => this.searchSites(input));
  }

  private async searchSites(input: LexicalSearchInput): Promise<{ hits: LexicalHit[]; ms: number }> {
    const started = performance.now();
    const terms = safeTerms(input);
    if (terms.any.length === 0 || input.siteIds.length === 0 || input.limit <= 0) return { hits: [], ms: 0 };
    // Each word is letters and digits only, so joining with | is valid tsquery syntax; stop words drop out.
    // Phrases and exclusions are AND-ed on: they must hold, the words only rank.
    const constraint = constraintTsquery(terms);
    const tsquery = `(${terms.any.join(" | ")})${constraint ? ` & ${constraint}` : ""}`;
    // Ties break on the chunk's content hash, not its random id, so the same pages list in the same order on every run.
    // Ranking reads the stored vector: re-parsing each matching chunk made a common word cost ~0.2 s at 10k chunks.
    const weights = `{${BODY_WEIGHT},${BODY_WEIGHT},${BODY_WEIGHT},${Math.min(1, BODY_WEIGHT * this.headingWeight)}}`;
    const sites = sql`site_id = ANY(${sql.param(input.siteIds)}::text[])`;
    const small = !(await this.size.isAbove(input.siteIds, (ids) => sql`site_id = ANY(${sql.param(ids)}::text[])`));
    // A MATERIALIZED CTE is read first, so the planner cannot start from the GIN index for a small site.
    const source = small
      ? sql`(WITH own AS MATERIALIZED (SELECT id, content_hash, position, search_weighted_tsv FROM chunks WHERE ${sites}) SELECT * FROM own) c`
      : sql`(SELECT id, content_hash, position, search_weighted_tsv FROM chunks WHERE ${sites}) c`;
    const query = sql`SELECT c.id, ts_rank_cd(${weights}::float4[], c.search_weighted_tsv, q) AS score
          FROM ${source}, to_tsquery('english', ${tsquery}) q
          WHERE c.search_weighted_tsv @@ q
          ORDER BY score DESC, c.content_hash, c.position, c.id
          LIMIT ${input.limit}`;
    const found = small ? await this.withSiteIndex(query, input.signal) : await rows<{ id: string; score: number }>(this.db, query, input.signal);
    input.signal?.throwIfAborted();
    return { hits: found.map((r) => ({ chunkId: r.id, score: Number(r.score) })), ms: performance.now() - started };
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    return { ok: true };
  }

  /**
   * Runs a query over a small site's rows with sequential scans priced out. Statistics taken before a large
   * neighbour's import still say the small site is most of the table, and the planner then reads all of chunks
   * (20 ms at 100k rows) for 180 rows the site index finds in 0.2 ms; autovacuum may not re-analyse for a minute.
   */
  private withSiteIndex(query: SQL, signal?: AbortSignal): Promise<Array<{ id: string; score: number }>> {
    return this.db.transaction(async (tx) => {
      await rows(tx, sql`SELECT set_config('enable_seqscan', 'off', true)`, signal);
      return rows<{ id: string; score: number }>(tx, query, signal);
    });
  }
}
