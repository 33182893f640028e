// Embeds chunks off the request path: ingest commits keyword-searchable chunks, this gives them vectors. Each site with
// chunks waiting has one job on the job queue (kind `embed`), queued by the page write that left them waiting; the job
// runner gives organisations turns, and a run embeds its site's chunks, pipelined, for one turn, then puts the job back
// behind the others while chunks remain. A recurring sweep queues a job for any site with chunks waiting and none.
// Several processes may share the work; a chunk embedded twice is harmless (the second write is identical).
import type { Embedder } from "../ports/embedder.ts";
import { embedJobKind, type EmbeddingStore, type PendingChunk } from "../ports/embedding-store.ts";
import type { ClaimedJob, JobQueue } from "../ports/job-queue.ts";
import { JobRunner } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";

export interface EmbeddingQueueOptions {
  store: EmbeddingStore;
  embedder: Embedder;
  queue: JobQueue;
  log: Logger;
  /** Names this process's leases. */
  workerId: string;
  batchSize?: number;
  /** How long a run embeds before its job yields to others due (it goes on while none is). */
  turnMs?: number;
  leaseSeconds?: number;
  /** How often the queue is looked at when nothing calls wake() (pages written by other processes, retries). */
  pollMs?: number;
  /** How often sites with chunks waiting but no job are looked for. */
  sweepSeconds?: number;
}

/** The recurring sweep's kind. */
const sweepJobKind = "embed-sweep";
/** Seconds before a run the database failed under is tried again: 5, 10, 20 … at most five minutes. */
const retryInSeconds = (failed: number) => Math.min(300, 5 * 2 ** (failed - 1));

export class EmbeddingQueue {
  private readonly runner: JobRunner;
  private readonly sweeper: JobRunner;
  private started = false;
  /** The model check and first sweep of a start; the runners start after it. */
  private starting: Promise<void> | null = null;
  /** Chunks whose embedding failed in this process; skipped until restart so one bad chunk cannot block its site. */
  private readonly failed = new Set<string>();
  /** Chunks taken but not yet saved: the next batch is fetched while these are embedded or saved, and must skip them. */
  private readonly inFlight = new Set<string>();
  /** Told which sites a saved batch gave vectors to (site-readiness.ts), awaited so a run ends after it. */
  private sitesEmbedded: ((siteIds: string[]) => Promise<void>) | null = null;
  /** Chunks this process has saved vectors for: what drain() and step() report. */
  private saved = 0;
  /** Jobs whose last run here ended its turn with chunks left. */
  private readonly unfinished = new Set<string>();
  /** Batches one run may embed: step() runs a turn of one. */
  private batchesPerRun = Number.POSITIVE_INFINITY;

  constructor(private readonly options: EmbeddingQueueOptions) {
    const { queue, workerId, log } = options;
    this.runner = new JobRunner({
      queue,
      handler: {
        kind: embedJobKind,
        leaseSeconds: options.leaseSeconds ?? 60,
        retryInSeconds,
        run: (job, signal) => this.run(job, signal),
        // A run that ended its turn with chunks left goes back in the queue at once, behind the jobs waiting.
        againInSeconds: (job) => (this.unfinished.delete(job.id) ? 0 : undefined),
      },
      workerId,
      log,
      // One site at a time per process: its batches are already pipelined through the embedder's workers.
      concurrency: 1,
      pollMs: options.pollMs ?? 5000,
    });
    const sweepSeconds = options.sweepSeconds ?? 60;
    this.sweeper = new JobRunner({
      queue,
      handler: { kind: sweepJobKind, leaseSeconds: 60, everySeconds: sweepSeconds, retryInSeconds: () => sweepSeconds, run: () => this.sweep() },
      workerId,
      log,
      concurrency: 1,
      pollMs: sweepSeconds * 1000,
    });
  }

  /** Drops other models' vectors (the model changed since the last start), queues every waiting site's job, then runs. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.starting = this.forgetOtherModels()
      .then(() => this.sweep())
      .catch((error) => this.options.log.error("could not queue the embedding of waiting sites", { error }))
      .then(() => {
        if (!this.started) return;
        this.runner.start();
        this.sweeper.start();
      });
  }

  /** Stops after the batches in flight are saved; a run cut short hands its job back, due at once for another worker. */
  async stop(): Promise<void> {
    this.started = false;
    await this.starting;
    await this.sweeper.stop();
    await this.runner.stop({ interrupt: true, reason: new Error("The embedding queue is stopping.") });
  }

  onSitesEmbedded(listener: (siteIds: string[]) => Promise<void>): void {
    this.sitesEmbedded = listener;
  }

  /** Ingest calls this after a commit so new chunks are embedded without waiting for the next poll. */
  wake(): void {
    this.runner.wake();
  }

  /**
   * Runs the next site's turn, in organisations' turns, for one batch; returns how many chunks it embedded, trying the
   * next job while a turn embeds none (0 when no job is due). For tests and benchmarks that go a batch at a time.
   */
  async step(): Promise<number> {
    this.batchesPerRun = 1;
    try {
      for (;;) {
        const before = this.saved;
        if ((await this.runner.drainOnce({ limit: 1 })) === 0) return 0;
        if (this.saved > before) return this.saved - before;
      }
    } finally {
      this.batchesPerRun = Number.POSITIVE_INFINITY;
    }
  }

  /** Runs the jobs due until none is (tests, benchmarks); returns how many chunks were embedded. */
  async drain(): Promise<number> {
    const before = this.saved;
    while ((await this.runner.drainOnce({ limit: 1 })) > 0);
    return this.saved - before;
  }

  /** One turn on the job's site; the job goes back in the queue when chunks remain, and is handed back on a stop. */
  private async run(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    if (job.ref === null) return;
    const turnMs = this.options.turnMs ?? 2000;
    let turnEnds = performance.now() + turnMs;
    let batches = 0;
    const more = await this.pipeline(job.ref, async () => {
      if (signal.aborted || ++batches > this.batchesPerRun) return false;
      if (batches === 1 || performance.now() < turnEnds) return true;
      // The turn is over: it goes on while no other job waits, so a site alone keeps its pipeline full.
      if (await this.options.queue.othersDue(embedJobKind, job.id)) return false;
      turnEnds = performance.now() + turnMs;
      return true;
    });
    // Stopped or lost: the runner hands the job back (or its new holder goes on); the batches in flight were saved.
    if (signal.aborted) throw signal.reason;
    if (more) this.unfinished.add(job.id);
  }

  /**
   * The site's batches, overlapped: batch n+1 is fetched while batch n is embedded, and embedded while batch n is
   * saved, so the embedder's workers are not left idle during the database's turns. One save runs at a time. Returns
   * whether chunks remain (a batch was fetched that the turn did not reach).
   */
  private async pipeline(siteId: string, keepGoing: () => Promise<boolean>): Promise<boolean> {
    let saving: Promise<number> = Promise.resolve(0);
    let batch: PendingChunk[] = [];
    try {
      batch = await this.take(siteId);
      while (batch.length > 0 && (await keepGoing())) {
        const embedding = this.embed(batch);
        const next = this.take(siteId);
        // Awaited below; this only keeps a failed fetch from counting as unhandled while the embedding runs.
        next.catch(() => {});
        const vectors = await embedding;
        await saving;
        saving = this.save(batch, vectors);
        // The batch is its save's now (which releases it): a failed fetch must not release it here as well.
        batch = [];
        batch = await next;
      }
      return batch.length > 0;
    } finally {
      // A batch taken but not started goes back to the queue.
      for (const c of batch) this.inFlight.delete(c.id);
      await saving;
    }
  }

  /** The site's next batch, without chunks already on their way. */
  private async take(siteId: string): Promise<PendingChunk[]> {
    const batch = await this.options.store.nextBatch(siteId, this.options.batchSize ?? 8, [...this.failed, ...this.inFlight]);
    for (const c of batch) this.inFlight.add(c.id);
    return batch;
  }

  /** Vectors in batch order; null for a chunk that cannot be embedded (it is then skipped until restart). */
  private async embed(batch: PendingChunk[]): Promise<(number[] | null)[]> {
    const { embedder, log } = this.options;
    try {
      return (await embedder.embed({ texts: batch.map((c) => c.text), kind: "passage" })).vectors;
    } catch (error) {
      log.warn("embedding batch failed", { error, chunks: batch.length });
      // Retry one chunk at a time so a single poison chunk is isolated.
      const out: (number[] | null)[] = [];
      for (const c of batch) {
        try {
          out.push(batch.length > 1 ? (await embedder.embed({ texts: [c.text], kind: "passage" })).vectors[0]! : null);
        } catch {
          out.push(null);
        }
        if (out.at(-1) === null) this.failed.add(c.id);
      }
      return out;
    }
  }

  /** Saves the batch's vectors; returns how many were saved. A failed save is retried one chunk at a time. */
  private async save(batch: PendingChunk[], vectors: (number[] | null)[]): Promise<number> {
    const { store, embedder, log } = this.options;
    const items = batch.flatMap((c, i) => (vectors[i] ? [{ id: c.id, siteId: c.siteId, contentHash: c.contentHash, vector: vectors[i]! }] : []));
    let done = 0;
    try {
      await store.save(items, embedder.model);
      done = items.length;
      await this.sitesEmbedded?.([...new Set(items.map((i) => i.siteId))]);
    } catch (error) {
      log.warn("saving embeddings failed", { error, chunks: items.length });
      for (const item of items.slice(done)) {
        try {
          await store.save([item], embedder.model);
          done++;
        } catch {
          this.failed.add(item.id);
        }
      }
    } finally {
      for (const c of batch) this.inFlight.delete(c.id);
    }
    this.saved += done;
    return done;
  }

  private async forgetOtherModels(): Promise<void> {
    const { store, embedder, log } = this.options;
    const removed = await store.forgetOtherModels(embedder.model);
    if (removed > 0) log.info("embedding model changed; re-embedding chunks", { chunks: removed, model: embedder.model });
  }

  /** Queues the missing jobs of sites with chunks waiting; wakes this process's runner when it queued some. */
  private async sweep(): Promise<void> {
    const queued = await this.options.store.queueWaitingSites();
    if (queued > 0) this.runner.wake();
  }
}
