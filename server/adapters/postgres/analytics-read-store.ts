// Reads analytics: counts from the daily rollups (or raw events for sub-day windows), token usage,
// indexed pages and vectors, and rated or unanswered chat answers.
import { sql, type SQL } from "drizzle-orm";
import { rows, type Db } from "./database.ts";

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
 * One row per (site, day, kind, query) with count, no_results and clicks, whichever table answers.
 * Readers always sum, so both sources look the same to them.
 */
function counts(siteIds: readonly string[], w: CountWindow): SQL {
  if (w.granularity === "day") {
    return sql`SELECT site_id, day::text AS day, kind, query, count, no_results, clicks FROM query_daily
      WHERE site_id = ANY(${ids(siteIds)}) AND day BETWEEN ${w.fromDay}::date AND ${w.toDay}::date`;
  }
  const day = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
  return sql`SELECT site_id, ${day("created_at")} AS day, kind, query, 1 AS count, CASE WHEN result_count = 0 THEN 1 ELSE 0 END AS no_results, 0 AS clicks
      FROM query_events WHERE site_id = ANY(${ids(siteIds)}) AND created_at >= ${instant(w.from)} AND created_at < ${instant(w.to)}
    UNION ALL
    SELECT site_id, ${day("created_at")}, 'search', query, 0, 0, 1
      FROM click_events WHERE site_id = ANY(${ids(siteIds)}) AND created_at >= ${instant(w.from)} AND created_at < ${instant(w.to)}`;
}

function byKind(list: { kind: string; n: unknown }[]): KindCounts {
  const out = { searches: 0, chats: 0 };
  for (const r of list) {
    if (r.kind === "search") out.searches += num(r.n);
    else if (r.kind === "chat") out.chats += num(r.n);
  }
  return out;
}

export class AnalyticsReadStore {
  constructor(private readonly db: Db) {}

  async countsBySite(siteIds: readonly string[], w: CountWindow): Promise<Map<string, KindCounts>> {
    const out = new Map<string, KindCounts>();
    if (siteIds.length === 0) return out;
    const list = await rows<{ site_id: string; kind: string; n: unknown }>(
      this.db,
      sql`SELECT site_id, kind, sum(count) AS n FROM (${counts(siteIds, w)}) c GROUP BY site_id, kind`,
    );
    for (const r of list) {
      const c = out.get(r.site_id) ?? { searches: 0, chats: 0 };
      const add = byKind([r]);
      out.set(r.site_id, { searches: c.searches + add.searches, chats: c.chats + add.chats });
    }
    return out;
  }

  async countsByDay(siteIds: readonly string[], w: CountWindow): Promise<Map<string, KindCounts>> {
    const out = new Map<string, KindCounts>();
    if (siteIds.length === 0) return out;
    const list = await rows<{ day: string; kind: string; n: unknown }>(
      this.db,
      sql`SELECT day, kind, sum(count) AS n FROM (${counts(siteIds, w)}) c GROUP BY day, kind`,
    );
    for (const r of list) {
      const c = out.get(r.day) ?? { searches: 0, chats: 0 };
      const add = byKind([r]);
      out.set(r.day, { searches: c.searches + add.searches, chats: c.chats + add.chats });
    }
    return out;
  }

  /** Most frequent queries of both kinds; ties by query so the order is stable. */
  async topQueries(siteIds: readonly string[], w: CountWindow, limit: number): Promise<QueryCountRow[]> {
    if (siteIds.length === 0) return [];
    const list = await rows<{ query: string; n: unknown; clicks: unknown }>(
      this.db,
      sql`SELECT query, sum(count) AS n, sum(clicks) AS clicks FROM (${counts(siteIds, w)}) c
        WHERE query <> '' GROUP BY query HAVING sum(count) > 0 ORDER BY n DESC, query COLLATE "C" ASC LIMIT ${limit}`,
    );
    return list.map((r) => ({ query: r.query, count: num(r.n), clicks: num(r.clicks) }));
  }

  /** Queries that found nothing, with how often they found nothing. */
  async noResultQueries(siteIds: readonly string[], w: CountWindow, limit: number): Promise<{ query: string; count: number }[]> {
    if (siteIds.length === 0) return [];
    const list = await rows<{ query: string; n: unknown }>(
      this.db,
      sql`SELECT query, sum(no_results) AS n FROM (${counts(siteIds, w)}) c
        WHERE query <> '' GROUP BY query HAVING sum(no_results) > 0 ORDER BY n DESC, query COLLATE "C" ASC LIMIT ${limit}`,
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
