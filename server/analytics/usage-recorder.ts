// Records model calls (tokens by purpose and model) for billing, batched like query events.
import type { Logger } from "../logger.ts";
import { BatchWriter } from "./batch-writer.ts";
import type { UsageEventRow, UsageEventWriter } from "../ports/analytics-store.ts";

export interface UsageRecord {
  orgId: string;
  siteId?: string | null;
  purpose: "chat" | "ingest";
  model: string;
  inputTokens: number;
  outputTokens: number;
  at?: Date;
}

export class UsageRecorder {
  private readonly batches: BatchWriter<UsageEventRow>;

  constructor(
    store: UsageEventWriter,
    private readonly opts: { log: Logger; flushIntervalMs?: number; maxBatch?: number },
  ) {
    this.batches = new BatchWriter((batch) => store.writeUsageEvents(batch), { name: "usage recorder", ...opts });
  }

  /** Call when a model call returns (even a failed one that was billed); never throws. */
  record(input: UsageRecord): void {
    try {
      this.batches.push({
        orgId: input.orgId,
        siteId: input.siteId ?? null,
        purpose: input.purpose,
        model: input.model,
        inputTokens: tokens(input.inputTokens),
        outputTokens: tokens(input.outputTokens),
        createdAt: input.at && !Number.isNaN(input.at.getTime()) ? input.at : new Date(),
      });
    } catch (error) {
      this.opts.log.warn("usage recorder: could not record a model call", { error });
    }
  }

  flush(): Promise<void> {
    return this.batches.flush();
  }
}

const tokens = (n: number): number => (Number.isFinite(n) ? Math.min(2_147_483_647, Math.max(0, Math.round(n))) : 0);
