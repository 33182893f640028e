// Raw query and click events are kept for config.analytics.retentionDays; the daily rollups stay for good.
// Run as one of the periodic housekeeping chores; daily is enough.
import type { AnalyticsStore } from "../ports/analytics-store.ts";

const DAY_MS = 86_400_000;

export async function pruneOldEvents(
  store: Pick<AnalyticsStore, "pruneRawEvents">,
  retentionDays: number,
  now: Date = new Date(),
): Promise<{ queryEvents: number; clickEvents: number }> {
  return store.pruneRawEvents(new Date(now.getTime() - retentionDays * DAY_MS));
}
