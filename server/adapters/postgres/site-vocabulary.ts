// The Vocabulary port over site_terms (kept by triggers on chunks, migration 0009): trigram look-alikes through the
// GIN pg_trgm index, so finding the neighbours of a typo costs an index probe rather than a scan of the site's words.
import { sql } from "drizzle-orm";
import type { Vocabulary, VocabularyTerm } from "../../ports/vocabulary.ts";
import { rows, type Db } from "./database.ts";
import { readingSites } from "./site-scope.ts";

/**
 * pg_trgm's default threshold (0.3) misses one-letter typos in short words ("hsot" shares one trigram in nine with
 * "host"); 0.2 catches most of them and still lets the index discard nearly all of a site's words.
 */
const SIMILARITY_THRESHOLD = 0.2;
const PER_WORD = 12;

export class SiteVocabulary implements Vocabulary {
  constructor(private readonly db: Db) {}

  near(input: { siteIds: string[]; words: string[]; signal?: AbortSignal }): Promise<Map<string, VocabularyTerm[]>> {
    // Both lookups read only the searched sites' rows: on embedded PGlite they may run between another tenant's writes.
    return readingSites(input.siteIds, () => this.nearIn(input));
  }

  private async nearIn(input: { siteIds: string[]; words: string[]; signal?: AbortSignal }): Promise<Map<string, VocabularyTerm[]>> {
    const out = new Map<string, VocabularyTerm[]>();
    if (input.words.length === 0 || input.siteIds.length === 0) return out;
    const found = await this.db.transaction(async (tx) => {
      // SET LOCAL: the threshold is this transaction's only, so a pooled connection goes back unchanged.
      await rows(tx as unknown as Db, sql.raw(`SET LOCAL pg_trgm.similarity_threshold = ${SIMILARITY_THRESHOLD}`), input.signal);
      return rows<{ word: string; term: string; chunks: number }>(
        tx as unknown as Db,
        sql`SELECT w.word, n.term, n.chunks
            FROM unnest(${sql.param(input.words)}::text[]) AS w(word)
            CROSS JOIN LATERAL (
              SELECT term, sum(chunks)::int AS chunks, max(similarity(term, w.word)) AS sim
              FROM site_terms
              WHERE site_id = ANY(${sql.param(input.siteIds)}::text[]) AND term % w.word AND chunks > 0
                AND length(term) BETWEEN length(w.word) - 2 AND length(w.word) + 2
              GROUP BY term
              ORDER BY sim DESC, chunks DESC
              LIMIT ${PER_WORD}
            ) n`,
        input.signal,
      );
    });
    input.signal?.throwIfAborted();
    for (const r of found) {
      const list = out.get(r.word) ?? [];
      list.push({ term: r.term, chunks: Number(r.chunks) });
      out.set(r.word, list);
    }
    return out;
  }

  async counts(input: { siteIds: string[]; words: string[]; signal?: AbortSignal }): Promise<Map<string, number>> {
    if (input.words.length === 0 || input.siteIds.length === 0) return new Map();
    const found = await readingSites(input.siteIds, () =>
      rows<{ term: string; chunks: number }>(
        this.db,
        sql`SELECT term, sum(chunks)::int AS chunks FROM site_terms
            WHERE site_id = ANY(${sql.param(input.siteIds)}::text[]) AND term = ANY(${sql.param(input.words)}::text[]) AND chunks > 0
            GROUP BY term`,
        input.signal,
      ),
    );
    input.signal?.throwIfAborted();
    return new Map(found.map((r) => [r.term, Number(r.chunks)]));
  }

  async prefixed(input: { siteIds: string[]; prefix: string; limit: number; signal?: AbortSignal }): Promise<VocabularyTerm[]> {
    if (input.prefix === "" || input.siteIds.length === 0 || input.limit <= 0) return [];
    // A key range on the (site_id, term) primary key; starts_with keeps the range exact under any collation.
    const upper = `${input.prefix}\u{10FFFF}`;
    const found = await readingSites(input.siteIds, () =>
      rows<{ term: string; chunks: number }>(
        this.db,
        sql`SELECT term, sum(chunks)::int AS chunks FROM site_terms
            WHERE site_id = ANY(${sql.param(input.siteIds)}::text[]) AND term >= ${input.prefix} AND term < ${upper}
              AND starts_with(term, ${input.prefix}) AND chunks > 0
            GROUP BY term
            ORDER BY chunks DESC, term
            LIMIT ${input.limit}`,
        input.signal,
      ),
    );
    input.signal?.throwIfAborted();
    return found.map((r) => ({ term: r.term, chunks: Number(r.chunks) }));
  }
}
