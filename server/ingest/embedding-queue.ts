// Embeds chunks off the request path: ingest commits keyword-searchable chunks, this worker gives them vectors.
// Several processes may drain the same queue; a chunk embedded twice is harmless (the second write is identical).
import type { Embedder } from "../ports/embedder.ts";
import type { EmbeddingStore } from "../ports/embedding-store.ts";
import type { Logger } from "../logger.ts";

export class EmbeddingQueue {
  private running = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /** Chunks whose embedding failed in this process; skipped until restart so one bad chunk cannot block the queue. */
  private readonly failed = new Set<string>();
  /** The last site served in the previous batch's first round: the next batch starts with the site after it. */
  private lastSiteServed: string | null = null;

  constructor(
    private readonly store: EmbeddingStore,
    private readonly embedder: Embedder,
    private readonly log: Logger,
    private readonly batchSize = 8,
    private readonly idlePollMs = 5000,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  /** Ingest calls this after a commit so new chunks are embedded without waiting for the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Embeds one batch; returns how many chunks it embedded (0 when the queue is empty). */
  async step(): Promise<number> {
    const batch = await this.store.nextBatch(this.batchSize, [...this.failed], this.lastSiteServed);
    if (batch.length === 0) return 0;
    // Sites take turns within a batch; the first round ends where a site comes round again.
    const firstRound = new Set<string>();
    for (const chunk of batch) {
      if (firstRound.has(chunk.siteId)) break;
      firstRound.add(chunk.siteId);
    }
    this.lastSiteServed = [...firstRound].at(-1) ?? null;
    try {
      const { vectors } = await this.embedder.embed({ texts: batch.map((c) => c.text), kind: "passage" });
      await this.store.save(batch.map((c, i) => ({ id: c.id, contentHash: c.contentHash, vector: vectors[i]! })), this.embedder.model);
      return batch.length;
    } catch (error) {
      if (batch.length === 1) this.failed.add(batch[0]!.id);
      this.log.warn("embedding batch failed", { error, chunks: batch.length });
      // Retry the batch one chunk at a time so a single poison chunk is isolated.
      let done = 0;
      if (batch.length > 1) {
        for (const c of batch) {
          try {
            const { vectors } = await this.embedder.embed({ texts: [c.text], kind: "passage" });
            await this.store.save([{ id: c.id, contentHash: c.contentHash, vector: vectors[0]! }], this.embedder.model);
            done++;
          } catch {
            this.failed.add(c.id);
          }
        }
      }
      return done;
    }
  }

  /** Runs until the queue is empty (tests, benchmarks, the reindex command). */
  async drain(): Promise<number> {
    let total = 0;
    for (let n = await this.step(); n > 0; n = await this.step()) total += n;
    return total;
  }

  private async run(): Promise<void> {
    const removed = await this.store.forgetOtherModels(this.embedder.model).catch(() => 0);
    if (removed > 0) this.log.info("embedding model changed; re-embedding chunks", { chunks: removed, model: this.embedder.model });
    while (this.running) {
      const n = await this.step().catch((error) => {
        this.log.error("embedding queue error", { error });
        return 0;
      });
      if (n === 0 && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.idlePollMs);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = null;
      }
    }
  }
}
