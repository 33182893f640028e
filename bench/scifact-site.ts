// The site the SciFact benches ingest into: one per run, public search on, settings that never filter a page.
import type { ContainerParts } from "../server/app.ts";

export function createSciFactSite(parts: ContainerParts, orgId: string, name = "SciFact") {
  return parts.stores.sites.create({
    orgId,
    name,
    baseUrl: `https://${name.toLowerCase()}.bench.example`,
    crawlerConfig: { maxPages: 100, maxDepth: 3, respectRobotsTxt: true, excludePatterns: [], includePatterns: [], javascriptEnabled: false },
    publicAccess: { enabled: true, searchEnabled: true, chatEnabled: false, allowedDomains: [] },
    rateLimits: { searchPerMinute: 60, chatPerMinute: 20 },
  });
}
