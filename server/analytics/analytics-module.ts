// The analytics feature as the container builds it: the two recorders, the read use cases, what the public click and
// feedback endpoints record, and the daily pruning of raw events past their retention.
import type { AnalyticsStore } from "../ports/analytics-store.ts";
import type { AnalyticsReadStore } from "../ports/analytics-read-store.ts";
import type { FeedbackRecorder } from "../ports/feedback-recorder.ts";
import type { SiteStore } from "../ports/site-store.ts";
import type { ChatBudget } from "../chat-budget/index.ts";
import type { Logger } from "../logger.ts";
import { QueryRecorder } from "./event-recorder.ts";
import { UsageRecorder } from "./usage-recorder.ts";
import { AnalyticsQueries } from "./analytics-queries.ts";
import { UsageQueries } from "./usage-queries.ts";
import { PriceTable } from "./price-table.ts";
import { pruneOldEvents } from "./prune-old-events.ts";

export interface AnalyticsModuleDeps {
  store: AnalyticsStore;
  reads: AnalyticsReadStore;
  sites: Pick<SiteStore, "get" | "list">;
  chatBudget: Pick<ChatBudget, "usage">;
  log: Logger;
  settings: {
    retentionDays: number;
    /** Makes visitor hashes this installation's own. */
    salt: string;
    /** MODEL_PRICES_JSON, raw; see price-table.ts. */
    modelPricesJson?: string | null;
    flushIntervalMs?: number;
  };
}

export function createAnalyticsModule({ store, reads, sites, chatBudget, log, settings }: AnalyticsModuleDeps) {
  const prices = new PriceTable(settings.modelPricesJson);
  const queryRecorder = new QueryRecorder(store, { salt: settings.salt, log, flushIntervalMs: settings.flushIntervalMs });
  const usageRecorder = new UsageRecorder(store, { log, flushIntervalMs: settings.flushIntervalMs });
  const publicFeedback: FeedbackRecorder = {
    recordClick: (click) => queryRecorder.recordClick(click),
    rateAnswer: (siteId, answerId, rating, reason, tags) => store.rateAnswer(siteId, answerId, rating, reason, tags, new Date()),
  };
  const prune = () => pruneOldEvents(store, settings.retentionDays);
  return {
    chores: [{ name: "raw analytics events past their retention", run: prune }],
    /** Search and chat call record(...) after responding; it never throws or waits. */
    queryRecorder,
    /** Model calls (chat answers, metadata extraction) call record(...) with their tokens. */
    usageRecorder,
    analytics: new AnalyticsQueries(reads, sites),
    usage: new UsageQueries(reads, sites, prices, log, undefined, chatBudget),
    publicFeedback,
    /** Deletes raw events older than the retention; one of the daily chores. */
    pruneOldEvents: prune,
    /** Writes what the recorders still hold; called before the database closes. */
    flush: async () => {
      await Promise.all([queryRecorder.flush(), usageRecorder.flush()]);
    },
  };
}

export type AnalyticsModule = ReturnType<typeof createAnalyticsModule>;
