// The IndexRebuilder port on Elasticsearch: a client for slow bulk requests, and reindex.ts over the Postgres chunks.
import type { Db } from "../postgres/database.ts";
import type { IndexRebuilder } from "../../ports/index-rebuilder.ts";
import { createElasticsearchClient, type ElasticsearchSettings } from "./elasticsearch-client.ts";
import { indexNames } from "./index-mapping.ts";
import { ElasticsearchLexicalIndex } from "./lexical-index.ts";
import { allSiteIds, reindexSites, siteExists } from "./reindex.ts";

export function elasticsearchIndexRebuilder(settings: ElasticsearchSettings, db: Db): IndexRebuilder {
  // A rebuild is not on anyone's request path: allow slow bulk requests and retry them.
  const client = createElasticsearchClient(settings, { requestTimeoutMs: 120_000, maxRetries: 3 });
  const index = new ElasticsearchLexicalIndex(client, indexNames(settings.indexPrefix));
  return {
    target: index.names.alias,
    siteExists: (siteId) => siteExists(db, siteId),
    allSiteIds: () => allSiteIds(db),
    rebuild: (siteIds, onSite) => reindexSites(db, index, siteIds, { onSite }),
    close: () => client.close(),
  };
}
