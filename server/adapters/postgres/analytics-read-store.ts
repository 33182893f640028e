// Reads analytics: counts from the daily and monthly rollups (or raw events for sub-day windows), token usage,
// indexed pages and vectors, and rated or unanswered chat answers.
import type { FeedbackTag } from "../../../shared/chat.ts";
import { sql, type SQL } from "drizzle-orm";
import { rows, type Db } from "./database.ts";
import type {
  AnalyticsReadStore as AnalyticsReads,
  CountWindow,
  KindCounts,
  QueryCountRow,
  QueryScope,
  RatedAnswer,
  UsageGroup,
} from "../../ports/analytics-read-store.ts";
import { DAY_TOTAL_QUERY } from "./rollups.ts";
import { splitIntoMonths } from "./month-split.ts";

export type { QueryScope, CountWindow, KindCounts, QueryCountRow, UsageGroup, RatedAnswer } from "../../ports/analytics-read-store.ts";

const ids = (siteIds: readonly string[]) => sql`${sql.param([...siteIds])}::text[]`;
const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: unknown): number => Number(v ?? 0);

/**
 * Rows with site_id, query, count, no_results and clicks, whichever table answers: the rollups for whole days
 * (`totals`: the daily day-total rows, see DAY_TOTAL_QUERY, which also carry day and kind; `queries`: monthly and
 * daily per-query rows), raw events for an instant window. Readers always sum, so every source looks the same to them.
 */
function source(scope: QueryScope, w: CountWindow, rowsOf: "totals" | "queries"): SQL {
  const { siteIds } = scope;
  if (w.granularity === "day" && rowsOf === "totals") {
    return sql`SELECT site_id, day::text AS day, kind, query, count, no_results, clicks FROM query_daily
      WHERE site_id = ANY(${ids(siteIds)}) AND day BETWEEN ${w.fromDay}::date AND ${w.toDay}::date AND query = ${DAY_TOTAL_QUERY}`;
  }
  if (w.granularity === "day") return queryRows(scope, w.fromDay, w.toDay);
  const day = sql.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
  const named = rowsOf === "totals" ? sql`` : sql` AND query <> ${DAY_TOTAL_QUERY}`;
  return sql`SELECT site_id, ${day} AS day, kind, query, 1 AS count, CASE WHEN result_count = 0 THEN 1 ELSE 0 END AS no_results, 0 AS clicks
      FROM query_events WHERE site_id = ANY(${ids(siteIds)}) AND created_at >= ${instant(w.from)} AND created_at < ${instant(w.to)}${named}
    UNION ALL
    SELECT site_id, ${day}, 'search', query, 0, 0, 1
      FROM click_events WHERE site_id = ANY(${ids(siteIds)}) AND created_at >= ${instant(w.from)} AND created_at < ${instant(w.to)}${named}`;
}

/**
 * Per-query rows of whole days: the monthly rollups for the whole months inside the span, the daily rollups for the
 * days at its edges. These rows carry no day or kind; the readers of per-query rows sum over both.
 */
function queryRows({ siteIds, wholeOrg }: QueryScope, fromDay: string, toDay: string): SQL {
  const { months, days } = splitIntoMonths(fromDay, toDay);
  const parts = days.map(
    (d) => sql`SELECT site_id, query, count, no_results, clicks FROM query_daily
      WHERE site_id = ANY(${ids(siteIds)}) AND day BETWEEN ${d.fromDay}::date AND ${d.toDay}::date AND query <> ${DAY_TOTAL_QUERY}`,
  );
  if (months && wholeOrg !== undefined) {
    parts.push(sql`SELECT org_id AS site_id, query, count, no_results, clicks FROM query_monthly_org
      WHERE org_id = ${wholeOrg} AND month BETWEEN ${months.fromMonth}::date AND ${months.toMonth}::date`);
  } else if (months) {
    parts.push(sql`SELECT site_id, query, count, no_results, clicks FROM query_monthly
      WHERE site_id = ANY(${ids(siteIds)}) AND month BETWEEN ${months.fromMonth}::date AND ${months.toMonth}::date`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

export class AnalyticsReadStore implements AnalyticsReads {
  constructor(private readonly db: Db) {}

  /**
   * Searches and chats per site and per day, from one read of the day totals, summed in SQL by both groupings at
   * once: a year of five sites comes back as 370 rows instead of one per site, day and kind.
   */
  async counts(siteIds: readonly string[], w: CountWindow): Promise<{ bySite: Map<string, KindCounts>; byDay: Map<string, KindCounts> }> {
    const bySite = new Map<string, KindCounts>();
    const byDay = new Map<string, KindCounts>();
    if (siteIds.length === 0) return { bySite, byDay };
    const list = await rows<{ site_id: string | null; day: string | null; searches: unknown; chats: unknown }>(
      this.db,
      sql`SELECT site_id, day, sum(count) FILTER (WHERE kind = 'search') AS searches, sum(count) FILTER (WHERE kind = 'chat') AS chats
        FROM (${source({ siteIds }, w, "totals")}) c GROUP BY GROUPING SETS ((site_id), (day))`,
    );
    for (const r of list) {
      const counts = { searches: num(r.searches), chats: num(r.chats) };
      if (r.day === null && r.site_id !== null) bySite.set(r.site_id, counts);
      else if (r.day !== null) byDay.set(r.day, counts);
    }
    return { bySite, byDay };
  }

  /** Most frequent queries of both kinds; ties by query so the order is stable. */
  async topQueries(scope: QueryScope, w: CountWindow, limit: number): Promise<QueryCountRow[]> {
    if (scope.siteIds.length === 0) return [];
    const list = await rows<{ query: string; n: unknown; clicks: unknown }>(
      this.db,
      sql`SELECT query, sum(count) AS n, sum(clicks) AS clicks FROM (${source(scope, w, "queries")}) c
        GROUP BY query HAVING sum(count) > 0 ORDER BY n DESC, query COLLATE "C" ASC LIMIT ${limit}`,
    );
    return list.map((r) => ({ query: r.query, count: num(r.n), clicks: num(r.clicks) }));
  }

  /** Queries that found nothing, with how often they found nothing. */
  async noResultQueries(scope: QueryScope, w: CountWindow, limit: number): Promise<{ query: string; count: number }[]> {
    if (scope.siteIds.length === 0) return [];
    const list = await rows<{ query: string; n: unknown }>(
      this.db,
      sql`SELECT query, sum(no_results) AS n FROM (${source(scope, w, "queries")}) c
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
    const list = await rows<{
      id: string;
      question: string;
      rating: "up" | "down";
      reason: string | null;
      reason_tags: FeedbackTag[];
      created_at: string | Date;
      rated_at: string | Date | null;
    }>(
      this.db,
      sql`SELECT id, question, rating, reason, reason_tags, created_at, rated_at FROM chat_answers
        WHERE site_id = ${siteId} AND created_at >= ${instant(from)} AND created_at < ${instant(to)} AND ${only}
        ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    );
    return list.map((r) => ({
      answerId: r.id,
      question: r.question,
      rating: r.rating,
      reason: r.reason,
      tags: r.reason_tags ?? [],
      createdAt: new Date(r.created_at),
      ratedAt: r.rated_at === null ? null : new Date(r.rated_at),
    }));
  }

  /** How often each reason tag was picked with a thumbs-down on answers given in the range. */
  async feedbackReasons(siteId: string, from: Date, to: Date): Promise<Array<{ tag: FeedbackTag; count: number }>> {
    const list = await rows<{ tag: FeedbackTag; n: unknown }>(
      this.db,
      sql`SELECT tag, count(*) AS n FROM chat_answers, unnest(reason_tags) AS tag
        WHERE site_id = ${siteId} AND created_at >= ${instant(from)} AND created_at < ${instant(to)} AND rating = 'down'
        GROUP BY tag ORDER BY n DESC, tag`,
    );
    return list.map((r) => ({ tag: r.tag, count: num(r.n) }));
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
