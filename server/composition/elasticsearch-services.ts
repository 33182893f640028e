// Everything the service needs when Elasticsearch is the lexical engine, built once by the composition root:
// the index, the outbox drain and the recurring job that runs it, and a health check that reports the cluster and the outbox lag.
import type { Db } from "../adapters/postgres/database.ts";
import { PostgresSearchOutbox } from "../adapters/postgres/search-outbox-store.ts";
import { PostgresJobQueue } from "../adapters/postgres/job-queue-store.ts";
import type { Logger } from "../logger.ts";
import type { HealthCheck } from "../ports/health-check.ts";
import { createElasticsearchClient, type ElasticsearchSettings } from "../adapters/elasticsearch/elasticsearch-client.ts";
import { indexNames } from "../adapters/elasticsearch/index-mapping.ts";
import { ElasticsearchLexicalIndex } from "../adapters/elasticsearch/lexical-index.ts";
import { OutboxDrain } from "../adapters/elasticsearch/outbox-drain.ts";
import { JobRunner, processWorkerId } from "../jobs/index.ts";

export interface ElasticsearchServices {
  index: ElasticsearchLexicalIndex;
  drain: OutboxDrain;
  /**
   * Drains the outbox in the background: a recurring job (kind `search-outbox`) that one process at a time runs, round
   * after round while full batches come back (for up to half a minute), then again a second later.
   */
  drainLoop: JobRunner;
  /** The cluster's state plus how far the outbox lags behind. */
  healthCheck: HealthCheck;
  close(): Promise<void>;
}

export function createElasticsearchServices(settings: ElasticsearchSettings, db: Db, log: Logger): ElasticsearchServices {
  const client = createElasticsearchClient(settings);
  const index = new ElasticsearchLexicalIndex(client, indexNames(settings.indexPrefix));
  const drain = new OutboxDrain(new PostgresSearchOutbox(db), index);
  const drainLoop = new JobRunner({
    queue: new PostgresJobQueue(db),
    handler: {
      kind: "search-outbox",
      // Short, so a process that dies holding the drain delays keyword freshness by half a minute at most.
      leaseSeconds: 30,
      everySeconds: 1,
      retryInSeconds: () => 5,
      run: async (_job, signal) => {
        for (const end = Date.now() + 30_000; !signal.aborted && Date.now() < end; ) {
          const round = await drain.drainOnce();
          // Failed rows wait out their own backoff in the outbox; the drain carries on at its next run.
          if (round.failed > 0) log.warn("search outbox delivery failed; will retry", { failed: round.failed });
          if (round.claimed < drain.batchSize || round.failed > 0) return;
        }
      },
    },
    workerId: processWorkerId(),
    log,
    concurrency: 1,
    pollMs: 1000,
  });
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
