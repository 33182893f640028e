// Embeds chunks off the request path: ingest commits keyword-searchable chunks, this worker gives them vectors.
// Several processes may drain the same queue; a chunk embedded twice is harmless (the second write is identical).
import type { Embedder } from "../ports/embedder.ts";
import type { EmbeddingStore, PendingChunk } from "../ports/embedding-store.ts";
import { PollLoop } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";

export class EmbeddingQueue {
  private running = false;
  private readonly loop: PollLoop;
  /** Vectors of another model are dropped by the first pass after each start. */
  private modelChecked = false;
  /** Chunks whose embedding failed in this process; skipped until restart so one bad chunk cannot block the queue. */
  private readonly failed = new Set<string>();
  /** Chunks taken but not yet saved: the next batch is fetched while these are embedded or saved, and must skip them. */
  private readonly inFlight = new Set<string>();
  /** The last site served in the previous batch's first round: the next batch starts with the site after it. */
  private lastSiteServed: string | null = null;
  /** Told which sites a saved batch gave vectors to (site-readiness.ts), awaited so a drain ends after it. */
  private sitesEmbedded: ((siteIds: string[]) => Promise<void>) | null = null;

  constructor(
    private readonly store: EmbeddingStore,
    private readonly embedder: Embedder,
    private readonly log: Logger,
    private readonly batchSize = 8,
    idlePollMs = 5000,
  ) {
    this.loop = new PollLoop(() => this.pass(), { name: "embedding queue", pollMs: idlePollMs, log });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.modelChecked = false;
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop.stop();
  }

  onSitesEmbedded(listener: (siteIds: string[]) => Promise<void>): void {
    this.sitesEmbedded = listener;
  }

  /** Ingest calls this after a commit so new chunks are embedded without waiting for the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Embeds and saves one batch; returns how many chunks it embedded (0 when the queue is empty). */
  async step(): Promise<number> {
    const batch = await this.take();
    return batch.length === 0 ? 0 : this.save(batch, await this.embed(batch));
  }

  /**
   * Runs until the queue is empty (tests, benchmarks, the reindex command). One pass can end while chunks still wait
   * (seen with a few dozen sites pending: a batch fetched while earlier ones are in flight came back empty), so passes
   * repeat until one embeds nothing.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.pipeline(() => true);
      total += done;
      if (done === 0) return total;
    }
  }

  /**
   * Batch after batch, overlapped: batch n+1 is fetched while batch n is embedded, and embedded while batch n is
   * saved, so the embedder's workers are not left idle during the database's turns. One save runs at a time.
   */
  private async pipeline(keepGoing: () => boolean): Promise<number> {
    let total = 0;
    let saving: Promise<number> = Promise.resolve(0);
    try {
      let batch = await this.take();
      while (batch.length > 0 && keepGoing()) {
        const embedding = this.embed(batch);
        const next = this.take();
        // Awaited below; this only keeps a failed fetch from counting as unhandled while the embedding runs.
        next.catch(() => {});
        const vectors = await embedding;
        total += await saving;
        saving = this.save(batch, vectors);
        batch = await next;
      }
      // A batch taken but not started (stopping) goes back to the queue.
      for (const c of batch) this.inFlight.delete(c.id);
    } finally {
      total += await saving;
    }
    return total;
  }

  /** The next batch, fair across sites, without chunks already on their way. */
  private async take(): Promise<PendingChunk[]> {
    const batch = await this.store.nextBatch(this.batchSize, [...this.failed, ...this.inFlight], this.lastSiteServed);
    for (const c of batch) this.inFlight.add(c.id);
    // Sites take turns within a batch; the first round ends where a site comes round again.
    const firstRound = new Set<string>();
    for (const chunk of batch) {
      if (firstRound.has(chunk.siteId)) break;
      firstRound.add(chunk.siteId);
    }
    if (batch.length > 0) this.lastSiteServed = [...firstRound].at(-1) ?? null;
    return batch;
  }

  /** Vectors in batch order; null for a chunk that cannot be embedded (it is then skipped until restart). */
  private async embed(batch: PendingChunk[]): Promise<(number[] | null)[]> {
    try {
      return (await this.embedder.embed({ texts: batch.map((c) => c.text), kind: "passage" })).vectors;
    } catch (error) {
      this.log.warn("embedding batch failed", { error, chunks: batch.length });
      // Retry one chunk at a time so a single poison chunk is isolated.
      const out: (number[] | null)[] = [];
      for (const c of batch) {
        try {
          out.push(batch.length > 1 ? (await this.embedder.embed({ texts: [c.text], kind: "passage" })).vectors[0]! : null);
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
    const items = batch.flatMap((c, i) => (vectors[i] ? [{ id: c.id, siteId: c.siteId, contentHash: c.contentHash, vector: vectors[i]! }] : []));
    try {
      await this.store.save(items, this.embedder.model);
      await this.sitesEmbedded?.([...new Set(items.map((i) => i.siteId))]);
      return items.length;
    } catch (error) {
      this.log.warn("saving embeddings failed", { error, chunks: items.length });
      let done = 0;
      for (const item of items) {
        try {
          await this.store.save([item], this.embedder.model);
          done++;
        } catch {
          this.failed.add(item.id);
        }
      }
      return done;
    } finally {
      for (const c of batch) this.inFlight.delete(c.id);
    }
  }

  /** One pipeline pass while the queue runs; one that embedded something goes again at once. */
  private async pass(): Promise<boolean> {
    if (!this.modelChecked) {
      this.modelChecked = true;
      const removed = await this.store.forgetOtherModels(this.embedder.model).catch(() => 0);
      if (removed > 0) this.log.info("embedding model changed; re-embedding chunks", { chunks: removed, model: this.embedder.model });
    }
    return (await this.pipeline(() => this.running)) > 0;
  }
}
