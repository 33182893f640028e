// Keeps a running job's row current while it works: counters written every second (so users watch them move), the
// address being read and a check that the job is still this attempt's every few seconds (the lease itself is the job
// queue's, renewed by the job runner), and `signal` aborted the moment the job is cancelled or taken over.
import type { CounterName, CrawlJobStore } from "../ports/crawl-job-store.ts";

export class CrawlStopped extends Error {
  override name = "CrawlStopped";
}

export interface CrawlProgressOptions {
  jobId: string;
  workerId: string;
  leaseSeconds: number;
  /** Aborting it (worker stop, local cancel) stops the crawl as a lost heartbeat does. */
  signal?: AbortSignal;
  /** Called after counters were written when pages were indexed since the last write (search cache, embedding queue). */
  onIndexed?(): void;
}

const FLUSH_MS = 1000;

export class CrawlProgress {
  private readonly controller = new AbortController();
  private deltas: Partial<Record<CounterName, number>> = {};
  private readonly totals: Partial<Record<CounterName, number>> = {};
  private indexedSinceFlush = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> | null = null;
  private lastBeatAt = Date.now();
  private readonly beatMs: number;
  currentUrl: string | null = null;

  constructor(
    private readonly jobs: CrawlJobStore,
    private readonly options: CrawlProgressOptions,
  ) {
    // As often as the job runner renews the lease (a third of it), so a cancel in another process is seen as soon.
    this.beatMs = Math.max(100, Math.min(5000, (options.leaseSeconds * 1000) / 3));
    options.signal?.addEventListener("abort", () => this.controller.abort(options.signal!.reason), { once: true });
  }

  /** Aborted when the crawl must stop: cancelled, lease lost, or the worker stopping. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  count(name: CounterName, n = 1): void {
    this.deltas[name] = (this.deltas[name] ?? 0) + n;
    this.totals[name] = (this.totals[name] ?? 0) + n;
    if (name === "pagesProcessed") this.indexedSinceFlush = true;
  }

  /** What this attempt has counted, written or not. */
  counted(name: CounterName): number {
    return this.totals[name] ?? 0;
  }

  start(): void {
    this.timer = setInterval(
      () => {
        this.ticking ??= this.tick().finally(() => (this.ticking = null));
      },
      Math.min(FLUSH_MS, this.beatMs),
    );
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** Writes the counters gathered since the last write. */
  async flush(): Promise<void> {
    const deltas = this.deltas;
    this.deltas = {};
    if (Object.keys(deltas).length > 0) await this.jobs.addCounts(this.options.jobId, deltas);
    if (this.indexedSinceFlush) {
      this.indexedSinceFlush = false;
      this.options.onIndexed?.();
    }
  }

  /** Checks in now; false (and the signal aborted) when the job is no longer this worker's to run. */
  async beat(): Promise<boolean> {
    const owned = await this.jobs.heartbeat(this.options.jobId, this.options.workerId, this.currentUrl);
    this.lastBeatAt = Date.now();
    if (!owned) this.controller.abort(new CrawlStopped("The job was cancelled or taken over by another worker."));
    return owned;
  }

  private async tick(): Promise<void> {
    try {
      await this.flush();
      if (Date.now() - this.lastBeatAt >= this.beatMs) await this.beat();
    } catch {
      // A database hiccup must not kill the crawl; the next tick retries, and the lease covers a few missed beats.
    }
  }
}
