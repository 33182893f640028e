// Records search and chat queries (and result clicks) for analytics: synchronous for the caller,
// written in batches to query_events, click_events and the query_daily rollups.
import { createHash } from "node:crypto";
import type { Logger } from "../logger.ts";
import { BatchWriter } from "./batch-writer.ts";
import { normalizeQuery } from "./normalize-query.ts";
import { utcDay } from "../utc-day.ts";
import type { ClickEventRow, QueryEventRow, QueryEventWriter } from "../ports/analytics-store.ts";
import type { ClickRecord } from "../ports/feedback-recorder.ts";
import type { QueryRecord } from "../ports/query-record.ts";

export type { ClickRecord };

type Pending = { query: QueryEventRow } | { click: ClickEventRow };

export interface QueryRecorderOptions {
  salt: string;
  log: Logger;
  flushIntervalMs?: number;
  maxBatch?: number;
}

export class QueryRecorder {
  private readonly batches: BatchWriter<Pending>;

  constructor(
    store: QueryEventWriter,
    private readonly opts: QueryRecorderOptions,
  ) {
    this.batches = new BatchWriter(
      (batch) =>
        store.writeQueryEvents(
          batch.flatMap((p) => ("query" in p ? [p.query] : [])),
          batch.flatMap((p) => ("click" in p ? [p.click] : [])),
        ),
      { name: "query recorder", log: opts.log, flushIntervalMs: opts.flushIntervalMs, maxBatch: opts.maxBatch },
    );
  }

  /** Call after responding; never throws and never waits for the database. */
  record(input: QueryRecord): void {
    try {
      const createdAt = validDate(input.at);
      this.batches.push({
        query: {
          orgId: input.orgId,
          siteId: input.siteId,
          kind: input.kind,
          query: normalizeQuery(input.query),
          resultCount: count(input.resultCount),
          latencyMs: count(input.latencyMs),
          visitorHash: input.ip ? visitorHash(this.opts.salt, input.siteId, createdAt, input.ip) : null,
          channel: input.channel,
          createdAt,
        },
      });
    } catch (error) {
      this.opts.log.warn("query recorder: could not record a query", { error });
    }
  }

  /** A visitor opened a result of `query`; counted into the query's daily clicks. Never throws. */
  recordClick(input: ClickRecord): void {
    try {
      this.batches.push({
        click: {
          orgId: input.orgId,
          siteId: input.siteId,
          query: normalizeQuery(input.query),
          url: input.url,
          position: input.position ?? null,
          createdAt: validDate(input.at),
        },
      });
    } catch (error) {
      this.opts.log.warn("query recorder: could not record a click", { error });
    }
  }

  /** Writes what is buffered (tests, shutdown). Never rejects. */
  flush(): Promise<void> {
    return this.batches.flush();
  }
}

/**
 * The day is part of the hash, so one visitor cannot be followed from one day to the next,
 * and the site too, so visitors cannot be matched across sites.
 */
export function visitorHash(salt: string, siteId: string, at: Date, ip: string): string {
  return createHash("sha256")
    .update(`${salt}\n${utcDay(at)}\n${siteId}\n${ip}`)
    .digest("hex")
    .slice(0, 32);
}

const count = (n: number): number => (Number.isFinite(n) ? Math.min(2_147_483_647, Math.max(0, Math.round(n))) : 0);

const validDate = (at: Date | undefined): Date => (at && !Number.isNaN(at.getTime()) ? at : new Date());
