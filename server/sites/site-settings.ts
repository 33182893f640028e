// Default settings of a new site, and how a partial update merges into stored settings.
import type { CrawlerConfig, PublicAccess, RateLimits, UpdateSiteBody } from "../../shared/sites.ts";
import { Limits } from "../../shared/limits.ts";

export const defaultCrawlerConfig = (): CrawlerConfig => ({
  maxPages: Limits.crawlMaxPagesDefault,
  maxDepth: Limits.crawlMaxDepthDefault,
  respectRobotsTxt: true,
  excludePatterns: [],
  includePatterns: [],
  javascriptEnabled: false,
});

/** Public access starts closed: the owner opts in and names the domains allowed to call. */
export const defaultPublicAccess = (): PublicAccess => ({ enabled: true, searchEnabled: false, chatEnabled: false, allowedDomains: [] });

export const defaultRateLimits = (): RateLimits => ({
  searchPerMinute: Limits.publicSearchPerMinutePerIp,
  chatPerMinute: Limits.publicChatPerMinutePerIp,
  chatRequestsPerDay: Limits.chatRequestsPerDayDefault,
  chatTokensPerDay: Limits.chatTokensPerDayDefault,
});

export interface StoredSettings {
  crawlerConfig: CrawlerConfig;
  publicAccess: PublicAccess;
  rateLimits: RateLimits;
}

/** Nested objects merge field by field (omitted fields unchanged); arrays and scalars replace. */
export function mergeSettings(current: StoredSettings, patch: UpdateSiteBody): Partial<StoredSettings> {
  const merged: Partial<StoredSettings> = {};
  if (patch.crawlerConfig) merged.crawlerConfig = { ...current.crawlerConfig, ...patch.crawlerConfig };
  if (patch.publicAccess) merged.publicAccess = { ...current.publicAccess, ...patch.publicAccess };
  if (patch.rateLimits) merged.rateLimits = { ...current.rateLimits, ...patch.rateLimits };
  return merged;
}
