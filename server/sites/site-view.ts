// Renders stored sites as the wire shapes: list item / create response, and the full record.
import type { SiteDetail, SiteIndexing, SiteSummary } from "../../shared/sites.ts";
import type { SiteRow, SiteStats } from "../ports/site-store.ts";
import { unixSeconds } from "../../shared/unix-seconds.ts";
import { defaultRateLimits } from "./site-settings.ts";
import { isStale } from "../connectors/index.ts";

export function siteSummary(row: SiteRow): SiteSummary {
  return {
    siteId: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    status: row.status,
    pageCount: row.pageCount,
    ...(row.lastCrawledAt ? { lastCrawledAt: unixSeconds(row.lastCrawledAt) } : {}),
    createdAt: unixSeconds(row.createdAt),
    ...(row.status === "error" ? { lastError: row.lastError } : {}),
    ...scheduleView(row),
  };
}

function scheduleView(row: SiteRow): Pick<SiteSummary, "nextCrawlAt" | "lastScheduledCrawlAt" | "stale"> {
  const schedule = row.crawlerConfig.schedule;
  if (!schedule) return {};
  return {
    ...(row.nextCrawlAt ? { nextCrawlAt: unixSeconds(row.nextCrawlAt) } : {}),
    ...(row.lastScheduledAt ? { lastScheduledCrawlAt: unixSeconds(row.lastScheduledAt) } : {}),
    stale: isStale(schedule, row.lastCrawledAt, row.createdAt, new Date()),
  };
}

/**
 * The embedding's progress: the share of chunks with a vector, and the time left at the site's rate over the last two
 * minutes (null while none was embedded in that window). The rate is taken over at least ten seconds, so the first
 * batch, saved a moment ago, does not promise the rest in a blink.
 */
const RATE_WINDOW_FLOOR_SECONDS = 10;

export function siteIndexing(stats: SiteStats, recent: { chunks: number; seconds: number }): SiteIndexing {
  const pending = Math.max(0, stats.chunkCount - stats.embeddedChunkCount);
  const perSecond = recent.chunks > 0 ? recent.chunks / Math.max(recent.seconds, RATE_WINDOW_FLOOR_SECONDS) : 0;
  return {
    state: pending > 0 ? "indexing" : "ready",
    chunkCount: stats.chunkCount,
    embeddedChunkCount: stats.embeddedChunkCount,
    share: stats.chunkCount === 0 ? 1 : stats.embeddedChunkCount / stats.chunkCount,
    secondsLeft: pending === 0 ? 0 : perSecond > 0 ? Math.ceil(pending / perSecond) : null,
  };
}

export function siteDetail(row: SiteRow, stats: SiteStats, indexing: SiteIndexing): SiteDetail {
  return {
    ...siteSummary(row),
    lastError: row.lastError,
    pageCount: stats.pageCount,
    description: row.description,
    crawlerConfig: row.crawlerConfig,
    publicAccess: row.publicAccess,
    rateLimits: { ...defaultRateLimits(), ...row.rateLimits },
    metadataSchema: row.metadataSchema,
    tagBoosts: row.tagBoosts,
    urlBoosts: row.urlBoosts,
    synonyms: row.synonyms,
    updatedAt: unixSeconds(row.updatedAt),
    stats,
    indexing,
  };
}
