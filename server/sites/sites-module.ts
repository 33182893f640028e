// The sites feature as the container builds it: the site use cases, and the cached site reads every public request makes.
import type { CrawlerSettings } from "../connectors/index.ts";
import type { RefusedOriginStore } from "../ports/refused-origin-store.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import type { SiteStore } from "../ports/site-store.ts";
import { SiteReadCache } from "./site-read-cache.ts";
import { siteReadiness } from "./site-readiness.ts";
import { SiteService } from "./site-service.ts";
import type { Logger } from "../logger.ts";

export interface SitesModuleDeps {
  store: SiteStore;
  events: SiteEvents;
  crawlerSettings: CrawlerSettings;
  refusedOrigins: RefusedOriginStore;
  /** Queues site.ready once a site's first content is searchable both ways. */
  emitReady(orgId: string, data: { siteId: string; chunkCount: number }): Promise<unknown>;
  log: Logger;
}

export function createSitesModule(deps: SitesModuleDeps) {
  return {
    sites: new SiteService(deps.store, deps.events, deps.crawlerSettings, deps.refusedOrigins),
    // Every public request reads its site; the container drops a row when its site changes.
    siteRows: new SiteReadCache((siteId) => deps.store.getById(siteId)),
    /** Marks sites whose indexing finished and queues their site.ready event. */
    checkReady: siteReadiness(deps.store, deps.emitReady, deps.log),
  };
}

export type SitesModule = ReturnType<typeof createSitesModule>;
