// Everything the service needs when Elasticsearch is the lexical engine, built once by the composition root:
// the index, the outbox drain and a health check that reports the cluster and the outbox lag.
import type { Db } from "../adapters/postgres/database.ts";
import type { Logger } from "../logger.ts";
import { createElasticsearchClient, type ElasticsearchSettings } from "../adapters/elasticsearch/elasticsearch-client.ts";
import { indexNames } from "../adapters/elasticsearch/index-mapping.ts";
import { ElasticsearchLexicalIndex } from "../adapters/elasticsearch/lexical-index.ts";
import { OutboxDrain } from "../adapters/elasticsearch/outbox-drain.ts";

export interface ElasticsearchServices {
  index: ElasticsearchLexicalIndex;
  drain: OutboxDrain;
  /** Same shape as routes/health.ts HealthCheck: the cluster's state plus how far the outbox lags behind. */
  healthCheck: { name: string; check(): Promise<{ ok: boolean; detail?: string; [k: string]: unknown }> };
  close(): Promise<void>;
}

export function createElasticsearchServices(settings: ElasticsearchSettings, db: Db, log: Logger): ElasticsearchServices {
  const client = createElasticsearchClient(settings);
  const index = new ElasticsearchLexicalIndex(client, indexNames(settings.indexPrefix));
  const drain = new OutboxDrain(db, index, { log });
  return {
    index,
    drain,
    healthCheck: {
      name: "lexical",
      check: async () => {
        const [cluster, outbox] = await Promise.all([index.health(), drain.lag()]);
        // A lagging outbox is reported, not failed: search still answers, only keyword freshness suffers.
        return { ...cluster, engine: "elasticsearch", index: index.names.alias, outbox };
      },
    },
    close: () => client.close(),
  };
}
