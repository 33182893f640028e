// Buffers records in memory and writes them in batches (every interval or every maxBatch records),
// off the request path. A failed batch is retried once, then split in halves until only the records the database
// refuses are left, and those are dropped with a log line: one bad record never costs another tenant's, and
// analytics never slows down or fails a search.
import type { Logger } from "../logger.ts";

export interface BatchWriterOptions {
  name: string;
  log: Logger;
  flushIntervalMs?: number;
  maxBatch?: number;
  /** Records held (buffered or being written) beyond which new ones are dropped, so a dead database cannot exhaust memory. */
  maxPending?: number;
  retryDelayMs?: number;
}

export class BatchWriter<T> {
  private buffer: T[] = [];
  private pending = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  // Batches are written one after another: concurrent upserts of the same rollup rows would only contend.
  private chain: Promise<void> = Promise.resolve();
  private droppedSinceLog = 0;
  private readonly interval: number;
  private readonly maxBatch: number;
  private readonly maxPending: number;
  private readonly retryDelayMs: number;

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly opts: BatchWriterOptions,
  ) {
    this.interval = opts.flushIntervalMs ?? 1000;
    this.maxBatch = opts.maxBatch ?? 500;
    this.maxPending = opts.maxPending ?? 50_000;
    this.retryDelayMs = opts.retryDelayMs ?? 250;
  }

  push(item: T): void {
    if (this.pending >= this.maxPending) {
      if (this.droppedSinceLog++ === 0)
        this.opts.log.warn(`${this.opts.name}: too many records waiting to be written; dropping new ones`, { pending: this.pending });
      return;
    }
    this.buffer.push(item);
    this.pending++;
    if (this.buffer.length >= this.maxBatch) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.interval);
      // Bun and Node return a handle that can be unref'd; a pending flush should not keep a CLI alive.
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  /** Writes everything buffered so far; resolves when it is written or dropped. Never rejects. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length > 0) this.chain = this.chain.then(() => this.writeWithRetry(batch));
    return this.chain;
  }

  private async writeWithRetry(batch: T[]): Promise<void> {
    try {
      await this.write(batch);
    } catch (first) {
      await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
      try {
        await this.write(batch);
      } catch (second) {
        const dropped: { count: number; error: unknown } = { count: 0, error: second };
        if (batch.length > 1) await this.writeHalves(batch, dropped);
        else dropped.count = 1;
        if (dropped.count > 0) {
          this.opts.log.error(`${this.opts.name}: dropped ${dropped.count} of ${batch.length} records the database refused`, {
            error: dropped.error,
            firstError: first instanceof Error ? first.message : String(first),
          });
        }
      }
    } finally {
      this.pending -= batch.length;
      if (this.droppedSinceLog > 1) this.opts.log.warn(`${this.opts.name}: dropped ${this.droppedSinceLog} records while the buffer was full`);
      this.droppedSinceLog = 0;
    }
  }

  /** Bisects a refused batch: k bad records among n cost about 2k·log2(n) writes, and every good record is kept. */
  private async writeHalves(batch: T[], dropped: { count: number; error: unknown }): Promise<void> {
    const middle = Math.ceil(batch.length / 2);
    for (const half of [batch.slice(0, middle), batch.slice(middle)]) {
      try {
        await this.write(half);
      } catch (error) {
        if (half.length > 1) await this.writeHalves(half, dropped);
        else {
          dropped.count++;
          dropped.error = error;
        }
      }
    }
  }
}
