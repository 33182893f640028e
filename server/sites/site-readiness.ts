// site.ready: sent once when a site's written pages all have their vectors and no crawl is pending or running. Checked
// after every change of the site's content and after every saved batch of vectors; the store's atomic clear of the
// site's indexing mark makes exactly one of the checkers (in any process) send it.
import type { SiteStore } from "../ports/site-store.ts";
import type { Logger } from "../logger.ts";

export type SiteReadyEmitter = (orgId: string, data: { siteId: string; chunkCount: number }) => Promise<unknown>;

export function siteReadiness(store: Pick<SiteStore, "finishIndexing">, emit: SiteReadyEmitter, log: Logger) {
  return async (siteIds: readonly string[]): Promise<void> => {
    for (const siteId of siteIds) {
      try {
        const done = await store.finishIndexing(siteId);
        if (done) await emit(done.orgId, { siteId, chunkCount: done.chunkCount });
      } catch (error) {
        log.error("could not queue site.ready", { siteId, error });
      }
    }
  };
}
