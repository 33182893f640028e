// Writes analytics: raw query, click and usage events, the daily and monthly rollups beside them, answer ratings,
// and the pruning of raw events past their retention.
import { and, eq, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { rows, type Db } from "./database.ts";
import { chatAnswers, clickEvents, queryDaily, queryEvents, queryMonthly, queryMonthlyOrg, usageEvents } from "./schema.ts";
import { rollUp, rollUpMonthly, rollUpOrgMonthly } from "./rollups.ts";
import type { AnalyticsStore as AnalyticsEvents, ClickEventRow, QueryEventRow } from "../../ports/analytics-store.ts";

export type UsageEventRow = Omit<typeof usageEvents.$inferInsert, "id"> & { createdAt: Date };

// 500 events × 9 columns stays far below the 65 535 bind parameters of one statement.
const INSERT_CHUNK = 500;

function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += INSERT_CHUNK) out.push(items.slice(i, i + INSERT_CHUNK));
  return out;
}

type CountTable = typeof queryDaily | typeof queryMonthly | typeof queryMonthlyOrg;

/** Upserts rollup rows, adding their count, no_results and clicks to any row already under the same key. */
async function addCounts(tx: Pick<Db, "insert">, table: CountTable, key: PgColumn[], values: readonly (typeof table.$inferInsert)[]): Promise<void> {
  for (const part of chunked(values)) {
    await tx
      .insert(table)
      .values(part as never[])
      .onConflictDoUpdate({
        target: key,
        set: {
          count: sql`${table.count} + excluded.count`,
          noResults: sql`${table.noResults} + excluded.no_results`,
          clicks: sql`${table.clicks} + excluded.clicks`,
        },
      });
  }
}

export class AnalyticsStore implements AnalyticsEvents {
  constructor(private readonly db: Db) {}

  /** Raw events and their rollups in one transaction, so the two never disagree. */
  async writeQueryEvents(events: readonly QueryEventRow[], clicks: readonly ClickEventRow[] = []): Promise<void> {
    if (events.length === 0 && clicks.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const part of chunked(events)) await tx.insert(queryEvents).values(part);
      for (const part of chunked(clicks)) {
        await tx.insert(clickEvents).values(part.map(({ siteId, query, url, position, createdAt }) => ({ siteId, query, url, position, createdAt })));
      }
      const daily = rollUp(events, clicks);
      await addCounts(tx, queryDaily, [queryDaily.siteId, queryDaily.day, queryDaily.kind, queryDaily.query], daily);
      const monthly = rollUpMonthly(daily);
      await addCounts(tx, queryMonthly, [queryMonthly.siteId, queryMonthly.month, queryMonthly.query], monthly);
      // Organisation months count only sites that still exist. The key-share lock makes a concurrent site delete wait
      // for this transaction, so the subtraction it then makes (SiteStore.delete) sees these rows.
      const siteIds = [...new Set(monthly.map((m) => m.siteId))];
      const live =
        siteIds.length === 0
          ? new Set<string>()
          : new Set((await rows<{ id: string }>(tx, sql`SELECT id FROM sites WHERE id = ANY(${sql.param(siteIds)}::text[]) FOR KEY SHARE`)).map((r) => r.id));
      const orgMonthly = rollUpOrgMonthly(monthly.filter((m) => live.has(m.siteId)));
      await addCounts(tx, queryMonthlyOrg, [queryMonthlyOrg.orgId, queryMonthlyOrg.month, queryMonthlyOrg.query], orgMonthly);
    });
  }

  async writeUsageEvents(events: readonly UsageEventRow[]): Promise<void> {
    for (const part of chunked(events)) await this.db.insert(usageEvents).values(part);
  }

  /** Rates an answer only if it belongs to the site; false when it does not (or does not exist). */
  async rateAnswer(siteId: string, answerId: string, rating: "up" | "down", reason: string | null, tags: readonly string[], at: Date): Promise<boolean> {
    const updated = await this.db
      .update(chatAnswers)
      .set({ rating, reason, reasonTags: [...tags], ratedAt: at })
      .where(and(eq(chatAnswers.id, answerId), eq(chatAnswers.siteId, siteId)))
      .returning({ id: chatAnswers.id });
    return updated.length > 0;
  }

  /**
   * Deletes raw query and click events older than `before`. The daily rollups stay: they are what
   * ranges beyond the retention read, and they hold no visitor data.
   */
  async pruneRawEvents(before: Date): Promise<{ queryEvents: number; clickEvents: number }> {
    // Counted in SQL: returning millions of ids to count them would cost more than the delete.
    const at = before.toISOString();
    const [q] = await rows<{ n: string | number }>(
      this.db,
      sql`WITH d AS (DELETE FROM query_events WHERE created_at < ${at}::timestamptz RETURNING 1) SELECT count(*) AS n FROM d`,
    );
    const [c] = await rows<{ n: string | number }>(
      this.db,
      sql`WITH d AS (DELETE FROM click_events WHERE created_at < ${at}::timestamptz RETURNING 1) SELECT count(*) AS n FROM d`,
    );
    return { queryEvents: Number(q?.n ?? 0), clickEvents: Number(c?.n ?? 0) };
  }
}
