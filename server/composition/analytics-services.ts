// Everything analytics needs, built once by the composition root over the Postgres database:
// the two recorders, the read use cases, what the public click and feedback endpoints record, and the retention pruning.
import type { Db } from "../adapters/postgres/database.ts";
import type { SiteStore } from "../adapters/postgres/site-store.ts";
import type { Logger } from "../logger.ts";
import { AnalyticsStore } from "../adapters/postgres/analytics-store.ts";
import { AnalyticsReadStore } from "../adapters/postgres/analytics-read-store.ts";
import { QueryRecorder } from "../analytics/event-recorder.ts";
import { UsageRecorder } from "../analytics/usage-recorder.ts";
import { AnalyticsQueries } from "../analytics/analytics-queries.ts";
import { UsageQueries } from "../analytics/usage-queries.ts";
import { PriceTable } from "../analytics/price-table.ts";
import { pruneOldEvents } from "../analytics/prune-old-events.ts";
import type { FeedbackRecorder } from "../ports/feedback-recorder.ts";
import type { ChatBudget } from "../chat-budget/index.ts";

export interface AnalyticsSettings {
  retentionDays: number;
  salt: string;
  /** MODEL_PRICES_JSON, raw; see analytics/price-table.ts. */
  modelPricesJson?: string | null;
  flushIntervalMs?: number;
}

export interface AnalyticsServices {
  store: AnalyticsStore;
  queryRecorder: QueryRecorder;
  usageRecorder: UsageRecorder;
  analytics: AnalyticsQueries;
  usage: UsageQueries;
  prices: PriceTable;
  /** What routes/public-feedback.ts records (the public-access gate is search's). */
  publicFeedback: FeedbackRecorder;
  /** Deletes raw events older than the retention; call daily. */
  pruneOldEvents(): Promise<{ queryEvents: number; clickEvents: number }>;
  /** Writes what the recorders still hold; call before closing the database. */
  flush(): Promise<void>;
}

export function createAnalyticsServices(
  settings: AnalyticsSettings,
  db: Db,
  siteStore: SiteStore,
  log: Logger,
  chatBudget?: Pick<ChatBudget, "usage">,
): AnalyticsServices {
  const store = new AnalyticsStore(db);
  const reads = new AnalyticsReadStore(db);
  const prices = new PriceTable(settings.modelPricesJson);
  const queryRecorder = new QueryRecorder(store, { salt: settings.salt, log, flushIntervalMs: settings.flushIntervalMs });
  const usageRecorder = new UsageRecorder(store, { log, flushIntervalMs: settings.flushIntervalMs });

  return {
    store,
    queryRecorder,
    usageRecorder,
    analytics: new AnalyticsQueries(reads, siteStore),
    usage: new UsageQueries(reads, siteStore, prices, log, undefined, chatBudget),
    prices,
    publicFeedback: {
      recordClick: (click) => queryRecorder.recordClick(click),
      rateAnswer: (siteId, answerId, rating, reason, tags) => store.rateAnswer(siteId, answerId, rating, reason, tags, new Date()),
    },
    pruneOldEvents: () => pruneOldEvents(store, settings.retentionDays),
    flush: async () => {
      await Promise.all([queryRecorder.flush(), usageRecorder.flush()]);
    },
  };
}
