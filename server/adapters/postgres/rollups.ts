// Folds a batch of raw events into daily rollup rows (one per site, UTC day, kind and query) and those into monthly
// rows (one per site, UTC month and query), so each batch upserts every key once and in one order (two writers never
// deadlock on each other).
import { utcDay } from "../../utc-day.ts";
import type { ClickEventRow, QueryEventRow } from "../../ports/analytics-store.ts";
import { monthOf } from "./month-split.ts";

/**
 * The row with this query holds the day's totals for its site and kind, so totals and daily series
 * read a few hundred rows a year instead of summing every query's row. Queries that normalise to ""
 * count only there.
 */
export const DAY_TOTAL_QUERY = "";

export type { ClickEventRow, QueryEventRow };

export interface DailyRollupRow {
  siteId: string;
  orgId: string;
  day: string;
  kind: "search" | "chat";
  query: string;
  count: number;
  noResults: number;
  clicks: number;
}

export function rollUp(events: readonly QueryEventRow[], clicks: readonly ClickEventRow[] = []): DailyRollupRow[] {
  const rows = new Map<string, DailyRollupRow>();
  const rowFor = (e: { orgId: string; siteId: string; query: string; createdAt: Date }, kind: "search" | "chat") => {
    const day = utcDay(e.createdAt);
    const key = JSON.stringify([e.siteId, day, kind, e.query]);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { siteId: e.siteId, orgId: e.orgId, day, kind, query: e.query, count: 0, noResults: 0, clicks: 0 }));
    return row;
  };
  const rowsOf = (e: { orgId: string; siteId: string; query: string; createdAt: Date }, kind: "search" | "chat") =>
    e.query === DAY_TOTAL_QUERY ? [rowFor(e, kind)] : [rowFor(e, kind), rowFor({ ...e, query: DAY_TOTAL_QUERY }, kind)];
  for (const e of events) {
    for (const row of rowsOf(e, e.kind)) {
      row.count += 1;
      if (e.resultCount === 0) row.noResults += 1;
    }
  }
  // Clicks come from search results, so they land on the search row of their query and day.
  for (const c of clicks) for (const row of rowsOf(c, "search")) row.clicks += 1;
  return [...rows.values()].sort((a, b) => compare(a.siteId, b.siteId) || compare(a.day, b.day) || compare(a.kind, b.kind) || compare(a.query, b.query));
}

export interface MonthlyRollupRow {
  siteId: string;
  orgId: string;
  month: string;
  query: string;
  count: number;
  noResults: number;
  clicks: number;
}

interface Counts {
  count: number;
  noResults: number;
  clicks: number;
}

/** Sums the counts of rows that share a key into one row per key (its other fields from the first row), sorted by key. */
function sumByKey<In extends Counts, Out extends Counts>(input: readonly In[], key: (row: In) => string[], make: (row: In) => Omit<Out, keyof Counts>): Out[] {
  const rows = new Map<string, { key: string[]; row: Out }>();
  for (const r of input) {
    const k = key(r);
    const id = JSON.stringify(k);
    let entry = rows.get(id);
    if (!entry) rows.set(id, (entry = { key: k, row: { ...make(r), count: 0, noResults: 0, clicks: 0 } as Out }));
    entry.row.count += r.count;
    entry.row.noResults += r.noResults;
    entry.row.clicks += r.clicks;
  }
  const order = (a: string[], b: string[]) => a.reduce((c, x, i) => c || compare(x, b[i]!), 0);
  return [...rows.values()].sort((a, b) => order(a.key, b.key)).map((e) => e.row);
}

/** Sums the daily rows of named queries by site, month and query (both kinds together); day totals are left out. */
export function rollUpMonthly(daily: readonly DailyRollupRow[]): MonthlyRollupRow[] {
  return sumByKey<DailyRollupRow, MonthlyRollupRow>(
    daily.filter((d) => d.query !== DAY_TOTAL_QUERY),
    (d) => [d.siteId, monthOf(d.day), d.query],
    (d) => ({ siteId: d.siteId, orgId: d.orgId, month: monthOf(d.day), query: d.query }),
  );
}

export type OrgMonthlyRollupRow = Omit<MonthlyRollupRow, "siteId">;

/** Sums monthly site rows by organisation, month and query. */
export function rollUpOrgMonthly(monthly: readonly MonthlyRollupRow[]): OrgMonthlyRollupRow[] {
  return sumByKey<MonthlyRollupRow, OrgMonthlyRollupRow>(
    monthly,
    (m) => [m.orgId, m.month, m.query],
    (m) => ({ orgId: m.orgId, month: m.month, query: m.query }),
  );
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
