// Everything analytics needs, built once by the composition root over the Postgres database:
// the two recorders, the read use cases, the public-endpoint gate and the retention pruning.
import type { Db } from "./database.ts";
import type { SiteStore } from "./site-store.ts";
import type { Logger } from "../../logger.ts";
import { notFound } from "../../errors/app-error.ts";
import { AnalyticsStore } from "./analytics-store.ts";
import { AnalyticsReadStore } from "./analytics-read-store.ts";
import { QueryRecorder } from "../../analytics/event-recorder.ts";
import { UsageRecorder } from "../../analytics/usage-recorder.ts";
import { AnalyticsQueries } from "../../analytics/analytics-queries.ts";
import { UsageQueries } from "../../analytics/usage-queries.ts";
import { PriceTable } from "../../analytics/price-table.ts";
import { pruneOldEvents } from "../../analytics/prune-old-events.ts";
import { assertPublicAccess, type PublicFeature } from "../../analytics/public-gate.ts";
import type { PublicFeedbackDeps } from "../../routes/public-feedback.ts";

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
  /** What routes/public-feedback.ts needs. */
  publicFeedback: PublicFeedbackDeps;
  /** Deletes raw events older than the retention; call daily. */
  pruneOldEvents(): Promise<{ queryEvents: number; clickEvents: number }>;
  /** Writes what the recorders still hold; call before closing the database. */
  flush(): Promise<void>;
}

export function createAnalyticsServices(settings: AnalyticsSettings, db: Db, siteStore: SiteStore, log: Logger): AnalyticsServices {
  const store = new AnalyticsStore(db);
  const reads = new AnalyticsReadStore(db);
  const prices = new PriceTable(settings.modelPricesJson);
  const queryRecorder = new QueryRecorder(store, { salt: settings.salt, log, flushIntervalMs: settings.flushIntervalMs });
  const usageRecorder = new UsageRecorder(store, { log, flushIntervalMs: settings.flushIntervalMs });

  async function admit(input: { siteId: string; request: Request; headers: Record<string, string>; feature: PublicFeature }) {
    const site = await siteStore.getById(input.siteId);
    if (!site) throw notFound("Site");
    assertPublicAccess(site, input.request, input.feature);
    const origin = input.request.headers.get("origin");
    if (origin && origin !== "null") {
      input.headers["access-control-allow-origin"] = origin;
      input.headers.vary = "Origin";
    }
    return site;
  }

  return {
    store,
    queryRecorder,
    usageRecorder,
    analytics: new AnalyticsQueries(reads, siteStore),
    usage: new UsageQueries(reads, siteStore, prices, log),
    prices,
    publicFeedback: {
      admit,
      recordClick: (click) => queryRecorder.recordClick(click),
      rateAnswer: (siteId, answerId, rating, reason) => store.rateAnswer(siteId, answerId, rating, reason, new Date()),
    },
    pruneOldEvents: () => pruneOldEvents(store, settings.retentionDays),
    flush: async () => {
      await Promise.all([queryRecorder.flush(), usageRecorder.flush()]);
    },
  };
}
