// The LexicalIndex port on pg_textsearch: a BM25 index over chunks.search_text (and, for a heading weight other than 1,
// one over its title and headings), maintained by Postgres inside the ingest transaction, so a page is
// keyword-searchable the moment its write commits.
import { readingSites } from "./site-scope.ts";
import { sql, type SQL } from "drizzle-orm";
import type { LexicalHit, LexicalIndex, LexicalSearchInput } from "../../ports/lexical-index.ts";
import { rows, type Db } from "./database.ts";
import { constraintTsquery, safeTerms } from "./query-terms.ts";
import { HEADING_TEXT_SQL } from "./heading-text.ts";

export const BM25_INDEX = "chunks_search_text_bm25_idx";
export const HEADING_BM25_INDEX = "chunks_heading_text_bm25_idx";

export class PgTextsearchIndex implements LexicalIndex {
  readonly engine = "pg_textsearch";

  /**
   * A title or heading word's score is the whole text's BM25 plus (headingWeight - 1) times the heading part's own BM25.
   * Off (1) by default: on SciFact weight 2 lowered nDCG@10 from 0.693 to 0.658 (docs/benchmarks.md).
   */
  constructor(
    private readonly db: Db,
    public headingWeight = 1,
  ) {}

  /**
   * Creates the BM25 index when missing; on an existing large table this is the one slow start-up. The title-and-heading
   * index is read only with a heading weight other than 1, yet every page write maintains it (~7 of ~115 ms for a
   * 1,000-section page on PGlite), so with weight 1 an install that built it drops it.
   */
  async ensureIndex(): Promise<void> {
    await rows(this.db, sql.raw(`CREATE INDEX IF NOT EXISTS ${BM25_INDEX} ON chunks USING bm25 (search_text) WITH (text_config = 'english')`));
    if (this.headingWeight !== 1) await this.ensureHeadingIndex();
    else await rows(this.db, sql.raw(`DROP INDEX IF EXISTS ${HEADING_BM25_INDEX}`));
  }

  /** Creates the title-and-heading index, which a heading weight other than 1 reads (set it before changing the weight). */
  async ensureHeadingIndex(): Promise<void> {
    await rows(
      this.db,
      sql.raw(`CREATE INDEX IF NOT EXISTS ${HEADING_BM25_INDEX} ON chunks USING bm25 ((${HEADING_TEXT_SQL})) WITH (text_config = 'english')`),
    );
  }

  /**
   * `<@>` answers the negative BM25 score (k1 1.2, b 0.75, corpus statistics over all sites); it is
   * negated here so higher is better, as the port says. Rows that match no term score 0 and are dropped.
   */
  search(input: LexicalSearchInput): Promise<{ hits: LexicalHit[]; ms: number }> {
    // Reads only the searched sites' rows: on embedded PGlite it may run between another tenant's write statements.
    return readingSites(input.siteIds, () => this.searchSites(input));
  }

  private async searchSites(input: LexicalSearchInput): Promise<{ hits: LexicalHit[]; ms: number }> {
    const started = performance.now();
    const terms = safeTerms(input);
    if (terms.any.length === 0 || input.siteIds.length === 0 || input.limit <= 0) return { hits: [], ms: 0 };
    // bm25query has no phrase or NOT syntax, so phrases and exclusions filter through a tsvector parsed per candidate.
    const constraint = constraintTsquery(terms);
    const must = constraint ? sql` AND to_tsvector('english', search_text) @@ to_tsquery('english', ${constraint})` : sql``;
    const found = await rows<{ id: string; score: number }>(this.db, this.rankedSql(input, terms.any.join(" "), must), input.signal);
    input.signal?.throwIfAborted();
    const hits = found.map((r) => ({ chunkId: r.id, score: -Number(r.score) })).filter((h) => h.score > 0);
    return { hits, ms: performance.now() - started };
  }

  /**
   * Candidates are the best of each index (a short title can hold a word its chunk's body ranks low), then ranked on
   * both scores. `<@>` answers negative scores, so the lowest sum ranks first. Ties break on content, not random ids.
   */
  private rankedSql(input: LexicalSearchInput, query: string, must: SQL) {
    const sites = sql`site_id = ANY(${sql.param(input.siteIds)}::text[])${must}`;
    const body = sql`search_text <@> to_bm25query(${query}, ${BM25_INDEX})`;
    if (this.headingWeight === 1) return sql`SELECT id, ${body} AS score FROM chunks WHERE ${sites} ORDER BY ${body} LIMIT ${input.limit}`;
    const heading = sql`${sql.raw(HEADING_TEXT_SQL)} <@> to_bm25query(${query}, ${HEADING_BM25_INDEX})`;
    return sql`WITH candidates AS (
                 (SELECT id FROM chunks WHERE ${sites} ORDER BY ${body} LIMIT ${input.limit})
                 UNION
                 (SELECT id FROM chunks WHERE ${sites} ORDER BY ${heading} LIMIT ${input.limit}))
               SELECT id, score FROM (
                 SELECT c.id, c.content_hash, c.position, (${body}) + ${this.headingWeight - 1}::float8 * (${heading}) AS score
                 FROM chunks c JOIN candidates USING (id)) ranked
               ORDER BY score, content_hash, position, id
               LIMIT ${input.limit}`;
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    const [found] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = ${BM25_INDEX}`);
    return Number(found?.n) > 0 ? { ok: true } : { ok: false, detail: `The BM25 index ${BM25_INDEX} is missing.` };
  }
}
