// The IndexRebuilder port on Elasticsearch: a client for slow bulk requests, and reindex.ts over the chunk source.
import type { IndexRebuilder } from "../../ports/index-rebuilder.ts";
import type { IndexChunkSource } from "../../ports/search-outbox.ts";
import { createElasticsearchClient, type ElasticsearchSettings } from "./elasticsearch-client.ts";
import { indexNames } from "./index-mapping.ts";
import { ElasticsearchLexicalIndex } from "./lexical-index.ts";
import { reindexSites } from "./reindex.ts";

export function elasticsearchIndexRebuilder(settings: ElasticsearchSettings, source: IndexChunkSource): IndexRebuilder {
  // A rebuild is not on anyone's request path: allow slow bulk requests and retry them.
  const client = createElasticsearchClient(settings, { requestTimeoutMs: 120_000, maxRetries: 3 });
  const index = new ElasticsearchLexicalIndex(client, indexNames(settings.indexPrefix));
  return {
    target: index.names.alias,
    siteExists: (siteId) => source.siteExists(siteId),
    allSiteIds: () => source.allSiteIds(),
    rebuild: (siteIds, onSite) => reindexSites(source, index, siteIds, { onSite }),
    close: () => client.close(),
  };
}
