// Renders stored sites as the wire shapes: list item / create response, and the full record.
import type { SiteDetail, SiteSummary } from "../../shared/sites.ts";
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

export function siteDetail(row: SiteRow, stats: SiteStats): SiteDetail {
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
  };
}
