// The CompletionSource port over pages, chunks and the query_daily rollups. A word of the title or heading must
// start with the prefix (ILIKE 'p%' or '% p%'); popular queries must start with it, have found something, and have
// been searched at least MIN_QUERY_COUNT times in the last 30 days, so one visitor's query is never shown to others.
import { sql, type SQL } from "drizzle-orm";
import type { CompletionCandidate, CompletionSource } from "../../ports/completion-source.ts";
import { rows, type Db } from "./database.ts";

const MIN_QUERY_COUNT = 3;

export class CompletionStore implements CompletionSource {
  constructor(private readonly db: Db) {}

  async candidates(input: { siteId: string; prefix: string; words: string[]; limit: number; signal?: AbortSignal }): Promise<CompletionCandidate[]> {
    const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
    const start = `${like(input.prefix)}%`;
    const word = `% ${like(input.prefix)}%`;
    const contains = (column: SQL) => sql.join([sql`true`, ...input.words.map((w) => sql`${column} ILIKE ${`%${like(w)}%`}`)], sql` AND `);
    const [titles, headings, queries] = await Promise.all([
      rows<{ text: string; weight: number }>(
        this.db,
        sql`SELECT title AS text, count(*)::int AS weight FROM pages
            WHERE site_id = ${input.siteId} AND title <> '' AND (title ILIKE ${start} OR title ILIKE ${word}) AND ${contains(sql`title`)}
            GROUP BY title ORDER BY weight DESC, length(title), title LIMIT ${input.limit}`,
        input.signal,
      ),
      // heading_path[1] is the page title, counted above.
      rows<{ text: string; weight: number }>(
        this.db,
        sql`SELECT h AS text, count(*)::int AS weight FROM chunks c, unnest(c.heading_path[2:]) AS h
            WHERE c.site_id = ${input.siteId} AND (h ILIKE ${start} OR h ILIKE ${word}) AND ${contains(sql`h`)}
            GROUP BY h ORDER BY weight DESC, length(h), h LIMIT ${input.limit}`,
        input.signal,
      ),
      rows<{ text: string; weight: number }>(
        this.db,
        sql`SELECT query AS text, sum(count)::int AS weight FROM query_daily
            WHERE site_id = ${input.siteId} AND kind = 'search' AND day >= (now() - interval '30 days')::date
              AND query <> '' AND (query LIKE ${start} OR query LIKE ${word}) AND ${contains(sql`query`)}
            GROUP BY query
            HAVING sum(count) >= ${MIN_QUERY_COUNT} AND sum(count) > sum(no_results)
            ORDER BY weight DESC, query LIMIT ${input.limit}`,
        input.signal,
      ),
    ]);
    input.signal?.throwIfAborted();
    return [
      ...titles.map((r) => ({ text: r.text, source: "title" as const, weight: Number(r.weight) })),
      ...headings.map((r) => ({ text: r.text, source: "heading" as const, weight: Number(r.weight) })),
      ...queries.map((r) => ({ text: r.text, source: "query" as const, weight: Number(r.weight) })),
    ];
  }
}
