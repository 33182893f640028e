// The built-in embedder: all-MiniLM-L6-v2 (384 dimensions, 256 tokens) on the @lat.md/embed WASM engine, no network.
// Queries and passages run on separate engines so a search never queues behind a long passage batch.
import type { EmbedInput, EmbedOutput, Embedder } from "../../ports/embedder.ts";
import { loadMiniLmEngine, MINILM_DIMENSIONS, MINILM_MODEL, yieldToEventLoop, type MiniLmEngine } from "./minilm-engine.ts";
import { PassageWorkerPool } from "./passage-worker-pool.ts";

export interface MiniLmWasmOptions {
  /**
   * Worker threads for passages (default 1, leaving the other core of a small machine to requests and queries).
   * 0 embeds passages on the main thread's engine, interleaved with queries one text at a time.
   */
  passageWorkers?: number;
  /** Passages per step (default 8): bounds how long an abort or a waiting caller waits for the engine. */
  passageBatchSize?: number;
  /** An idle passage worker exits after this long to free its memory (default 60 s). */
  workerIdleMs?: number;
}

export class MiniLmWasmEmbedder implements Embedder {
  readonly model = MINILM_MODEL;
  readonly dimensions = MINILM_DIMENSIONS;
  private readonly passageBatchSize: number;
  private readonly pool: PassageWorkerPool | null;
  private engine: Promise<MiniLmEngine> | null = null;

  constructor(options: MiniLmWasmOptions = {}) {
    this.passageBatchSize = Math.max(1, options.passageBatchSize ?? 8);
    const workers = options.passageWorkers ?? 1;
    // Without Web Workers (an unusual runtime) passages share the main engine rather than fail.
    this.pool =
      workers > 0 && typeof Worker !== "undefined"
        ? new PassageWorkerPool({ workers, batchSize: this.passageBatchSize, idleMs: options.workerIdleMs ?? 60_000 })
        : null;
  }

  async embed({ texts, kind, signal }: EmbedInput): Promise<EmbedOutput> {
    const started = performance.now();
    signal?.throwIfAborted();
    if (texts.length === 0) return { vectors: [], tokens: 0, ms: 0 };
    const vectors = kind === "passage" && this.pool ? await this.pool.embed(texts, signal) : await this.embedInline(texts, kind, signal);
    // The engine reports no token counts.
    return { vectors, tokens: 0, ms: performance.now() - started };
  }

  /** Loads the query engine (~1-2 s, blocking this thread once) and proves it answers. */
  async ready(): Promise<void> {
    await this.mainEngine();
  }

  /** Stops the passage workers; the embedder stays usable and starts them again when needed. */
  close(): void {
    this.pool?.close();
  }

  private async embedInline(texts: string[], kind: EmbedInput["kind"], signal?: AbortSignal): Promise<number[][]> {
    const engine = await this.mainEngine();
    if (kind === "query") return engine.embed(texts, signal);
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += this.passageBatchSize) {
      // Queries start without yielding, passages only after one: a query waits for at most the passage in progress.
      await yieldToEventLoop();
      signal?.throwIfAborted();
      out.push(...(await engine.embed(texts.slice(i, i + this.passageBatchSize), signal)));
    }
    return out;
  }

  private mainEngine(): Promise<MiniLmEngine> {
    // A failed load (missing weights) is retried on the next call rather than remembered.
    this.engine ??= loadMiniLmEngine().catch((error: unknown) => {
      this.engine = null;
      throw error;
    });
    return this.engine;
  }
}
