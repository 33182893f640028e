// Composition of the search engines: the embedder, the lexical engine (Postgres or Elasticsearch) with its search
// services, and what keeps them fresh (statistics refresher, cache invalidation) and reports on them.
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { Database } from "../adapters/postgres/database.ts";
import { StatisticsRefresher } from "../adapters/postgres/statistics-refresher.ts";
import { createEmbedderFromConfig } from "../adapters/embedder/create-embedder.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { CoreServices } from "./core-services.ts";
import { createElasticsearchServices } from "./elasticsearch-services.ts";
import { createSearchServices } from "./search-services.ts";
import type { ServiceOverrides } from "./services.ts";

/** The search engines config picks (lexical, vectors, the embedder) and what keeps them fresh and reports on them. */
export async function createEngines(config: Config, overrides: ServiceOverrides, database: Database, log: Logger, core: CoreServices) {
  const embedder: Embedder | null =
    overrides.embedder !== undefined
      ? overrides.embedder
      : createEmbedderFromConfig(config.embeddings, {
          onFallback: (error) => log.warn("ONNX Runtime could not load; embedding with the WASM engine instead (same vectors, slower)", { error }),
        });
  const elasticsearch = config.lexicalEngine === "elasticsearch" ? createElasticsearchServices(config.elasticsearch, database.db, log) : null;
  const search = await createSearchServices({
    database,
    lexicalEngine: config.lexicalEngine,
    externalIndex: elasticsearch?.index ?? null,
    embedder,
    siteStore: core.siteStore,
    limiter: core.limiter,
    refusals: core.refusedOrigins,
    trustProxy: config.trustProxy,
    log,
    onSearched: (e) => {
      for (const siteId of e.siteIds) {
        core.analytics.queryRecorder.record({
          orgId: e.orgId,
          siteId,
          kind: "search",
          query: e.query,
          resultCount: e.resultCount,
          latencyMs: e.latencyMs,
          ip: e.ip,
          channel: "public",
        });
      }
    },
  });
  core.siteEvents.subscribe(({ siteId }) => search.publicSearch.invalidateSite(siteId));
  core.siteEvents.subscribe(({ siteId }) => {
    search.siteRows.invalidate(siteId);
    search.chunkRows.invalidateSite(siteId);
    search.vocabulary.invalidateSite(siteId);
  });
  const statistics = database.kind === "pglite" ? new StatisticsRefresher(database.db, { onError: (error) => log.warn("ANALYZE failed", { error }) }) : null;
  if (statistics) core.siteEvents.subscribe(() => statistics.contentChanged());
  const healthChecks = [...(elasticsearch ? [elasticsearch.healthCheck] : []), search.healthCheck];
  return { embedder, elasticsearch, search, statistics, healthChecks };
}
