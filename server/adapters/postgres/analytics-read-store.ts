// Reads analytics: counts from the daily rollups (or raw events for sub-day windows), token usage,
// indexed pages and vectors, and rated or unanswered chat answers.
import { sql, type SQL } from "drizzle-orm";
import { rows, type Db } from "./database.ts";
import { DAY_TOTAL_QUERY } from "../../analytics/rollups.ts";

/** Whole UTC days read from query_daily, or an instant window read from raw events (24h). */
export type CountWindow = { granularity: "day"; fromDay: string; toDay: string } | { granularity: "hour"; from: Date; to: Date };

export interface KindCounts {
  searches: number;
  chats: number;
}

export interface QueryCountRow {
  query: string;
  count: number;
  clicks: number;
}

export interface UsageGroup {
  purpose: "chat" | "ingest";
  model: string;
  requests: number;
  inputTokens: number;
  outputTokens: number;
}

export interface RatedAnswer {
  answerId: string;
  question: string;
  rating: "up" | "down";
  reason: string | null;
  createdAt: Date;
  ratedAt: Date | null;
}

const ids = (siteIds: readonly string[]) => sql`${sql.param([...siteIds])}::text[]`;
const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: unknown): number => Number(v ?? 0);

/**
 * One row per (site, day, kind, query) with count, no_results and clicks, whichever table answers:
 * the daily rollups for whole days, raw events for an instant window. Readers always sum, so both
 * sources look the same to them. `totals` reads the day-total rows (see DAY_TOTAL_QUERY) instead of every query.
 */
function source(siteIds: readonly string[], w: CountWindow, rowsOf: "totals" | "queries"): SQL {
  if (w.granularity === "day") {
    const which = rowsOf === "totals" ? sql`query = ${DAY_TOTAL_QUERY}` : sql`query <> ${DAY_TOTAL_QUERY}`;
    return sql`SELECT site_id, day::text AS day, kind, query, count, no_results, clicks FROM query_daily
      WHERE site_id = ANY(${ids(siteIds)}) AND day BETWEEN ${w.fromDay}::date AND ${w.toDay}::date AND ${which}`;
  }
  const day = sql.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
  const named = rowsOf === "totals" ? sql`` : sql` AND query <> ${DAY_TOTAL_QUERY}`;
  return sql`SELECT site_id, ${day} AS day, kind, query, 1 AS count, CASE WHEN result_count = 0 THEN 1 ELSE 0 END AS no_results, 0 AS clicks
      FROM query_events WHERE site_id = ANY(${ids(siteIds)}) AND created_at >= ${instant(w.from)} AND created_at < ${instant(w.to)}${named}
    UNION ALL
    SELECT site_id, ${day}, 'search', query, 0, 0, 1
      FROM click_events WHERE site_id = ANY(${ids(siteIds)}) AND created_at >= ${instant(w.from)} AND created_at < ${instant(w.to)}${named}`;
}

const add = (map: Map<string, KindCounts>, key: string, kind: string, n: number) => {
  const c = map.get(key) ?? { searches: 0, chats: 0 };
  if (kind === "search") c.searches += n;
  else if (kind === "chat") c.chats += n;
  map.set(key, c);
};

export class AnalyticsReadStore {
  constructor(private readonly db: Db) {}

  /** Searches and chats per site and per day, from one read of the day totals. */
  async counts(siteIds: readonly string[], w: CountWindow): Promise<{ bySite: Map<string, KindCounts>; byDay: Map<string, KindCounts> }> {
    const bySite = new Map<string, KindCounts>();
    const byDay = new Map<string, KindCounts>();
    if (siteIds.length === 0) return { bySite, byDay };
    const list = await rows<{ site_id: string; day: string; kind: string; n: unknown }>(
      this.db,
      sql`SELECT site_id, day, kind, sum(count) AS n FROM (${source(siteIds, w, "totals")}) c GROUP BY site_id, day, kind`,
    );
    for (const r of list) {
      add(bySite, r.site_id, r.kind, num(r.n));
      add(byDay, r.day, r.kind, num(r.n));
    }
    return { bySite, byDay };
  }

  /** Most frequent queries of both kinds; ties by query so the order is stable. */
  async topQueries(siteIds: readonly string[], w: CountWindow, limit: number): Promise<QueryCountRow[]> {
    if (siteIds.length === 0) return [];
    const list = await rows<{ query: string; n: unknown; clicks: unknown }>(
      this.db,
      sql`SELECT query, sum(count) AS n, sum(clicks) AS clicks FROM (${source(siteIds, w, "queries")}) c
        GROUP BY query HAVING sum(count) > 0 ORDER BY n DESC, query COLLATE "C" ASC LIMIT ${limit}`,
    );
    return list.map((r) => ({ query: r.query, count: num(r.n), clicks: num(r.clicks) }));
  }

  /** Queries that found nothing, with how often they found nothing. */
  async noResultQueries(siteIds: readonly string[], w: CountWindow, limit: number): Promise<{ query: string; count: number }[]> {
    if (siteIds.length === 0) return [];
    const list = await rows<{ query: string; n: unknown }>(
      this.db,
      sql`SELECT query, sum(no_results) AS n FROM (${source(siteIds, w, "queries")}) c
        GROUP BY query HAVING sum(no_results) > 0 ORDER BY n DESC, query COLLATE "C" ASC LIMIT ${limit}`,
    );
    return list.map((r) => ({ query: r.query, count: num(r.n) }));
  }

  async pagesBySite(siteIds: readonly string[]): Promise<Map<string, number>> {
    if (siteIds.length === 0) return new Map();
    const list = await rows<{ site_id: string; n: unknown }>(
      this.db,
      sql`SELECT site_id, count(*) AS n FROM pages WHERE site_id = ANY(${ids(siteIds)}) GROUP BY site_id`,
    );
    return new Map(list.map((r) => [r.site_id, num(r.n)]));
  }

  /** Sites with at least one vector, and the number of vectors (embedded chunks). */
  async vectors(siteIds: readonly string[]): Promise<{ collections: number; documents: number }> {
    if (siteIds.length === 0) return { collections: 0, documents: 0 };
    const [r] = await rows<{ collections: unknown; documents: unknown }>(
      this.db,
      sql`SELECT count(DISTINCT site_id) AS collections, count(*) AS documents FROM chunks WHERE site_id = ANY(${ids(siteIds)}) AND embedded_at IS NOT NULL`,
    );
    return { collections: num(r?.collections), documents: num(r?.documents) };
  }

  async usage(orgId: string, from: Date, to: Date, siteId?: string): Promise<UsageGroup[]> {
    const site = siteId === undefined ? sql`` : sql` AND site_id = ${siteId}`;
    const list = await rows<{ purpose: "chat" | "ingest"; model: string; requests: unknown; input: unknown; output: unknown }>(
      this.db,
      sql`SELECT purpose, model, count(*) AS requests, sum(input_tokens) AS input, sum(output_tokens) AS output FROM usage_events
        WHERE org_id = ${orgId} AND created_at >= ${instant(from)} AND created_at < ${instant(to)}${site} GROUP BY purpose, model`,
    );
    return list.map((r) => ({ purpose: r.purpose, model: r.model, requests: num(r.requests), inputTokens: num(r.input), outputTokens: num(r.output) }));
  }

  async ratedAnswers(siteId: string, from: Date, to: Date, rating: "up" | "down" | undefined, limit: number): Promise<RatedAnswer[]> {
    const only = rating === undefined ? sql`rating IS NOT NULL` : sql`rating = ${rating}`;
    const list = await rows<{ id: string; question: string; rating: "up" | "down"; reason: string | null; created_at: string | Date; rated_at: string | Date | null }>(
      this.db,
      sql`SELECT id, question, rating, reason, created_at, rated_at FROM chat_answers
        WHERE site_id = ${siteId} AND created_at >= ${instant(from)} AND created_at < ${instant(to)} AND ${only}
        ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    );
    return list.map((r) => ({
      answerId: r.id,
      question: r.question,
      rating: r.rating,
      reason: r.reason,
      createdAt: new Date(r.created_at),
      ratedAt: r.rated_at === null ? null : new Date(r.rated_at),
    }));
  }

  /** Questions the sources could not answer, grouped by their normalised text, most asked first. */
  async unansweredQuestions(siteId: string, from: Date, to: Date, limit: number): Promise<{ question: string; count: number; lastAskedAt: Date }[]> {
    const list = await rows<{ question: string; n: unknown; last: string | Date }>(
      this.db,
      sql`SELECT question, count(*) AS n, max(created_at) AS last FROM (
          SELECT lower(regexp_replace(btrim(question), '\\s+', ' ', 'g')) AS question, created_at FROM chat_answers
          WHERE site_id = ${siteId} AND answered = false AND created_at >= ${instant(from)} AND created_at < ${instant(to)}
        ) q GROUP BY question ORDER BY n DESC, question COLLATE "C" ASC LIMIT ${limit}`,
    );
    return list.map((r) => ({ question: r.question, count: num(r.n), lastAskedAt: new Date(r.last) }));
  }
}
