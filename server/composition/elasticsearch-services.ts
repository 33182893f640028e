// Everything the service needs when Elasticsearch is the lexical engine, built once by the composition root:
// the index, the outbox drain and the loop that runs it, and a health check that reports the cluster and the outbox lag.
import type { Db } from "../adapters/postgres/database.ts";
import { PostgresSearchOutbox } from "../adapters/postgres/search-outbox-store.ts";
import type { Logger } from "../logger.ts";
import type { HealthCheck } from "../ports/health-check.ts";
import { createElasticsearchClient, type ElasticsearchSettings } from "../adapters/elasticsearch/elasticsearch-client.ts";
import { indexNames } from "../adapters/elasticsearch/index-mapping.ts";
import { ElasticsearchLexicalIndex } from "../adapters/elasticsearch/lexical-index.ts";
import { OutboxDrain } from "../adapters/elasticsearch/outbox-drain.ts";
import { PollLoop } from "../jobs/index.ts";

export interface ElasticsearchServices {
  index: ElasticsearchLexicalIndex;
  drain: OutboxDrain;
  /** Drains the outbox in the background: round after round while full batches come back, otherwise every second. */
  drainLoop: PollLoop;
  /** The cluster's state plus how far the outbox lags behind. */
  healthCheck: HealthCheck;
  close(): Promise<void>;
}

export function createElasticsearchServices(settings: ElasticsearchSettings, db: Db, log: Logger): ElasticsearchServices {
  const client = createElasticsearchClient(settings);
  const index = new ElasticsearchLexicalIndex(client, indexNames(settings.indexPrefix));
  const drain = new OutboxDrain(new PostgresSearchOutbox(db), index);
  const drainLoop = new PollLoop(
    async () => {
      const round = await drain.drainOnce();
      if (round.failed > 0) log.warn("search outbox delivery failed; will retry", { failed: round.failed });
      return round.claimed === drain.batchSize && round.failed === 0;
    },
    { name: "search outbox drain", pollMs: 1000, log },
  );
  return {
    index,
    drain,
    drainLoop,
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
