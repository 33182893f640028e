// The built-in embedder on ONNX Runtime: all-MiniLM-L6-v2 as a graph built from the shipped weights, queries on a
// worker thread of their own (a few ms each), passages on a worker pool sized to the cores. Falls back to the WASM engine when
// the native binding cannot load; both give the same vectors, so stored ones stay valid either way.
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import type { EmbedInput, EmbedOutput, Embedder } from "../../ports/embedder.ts";
import { MINILM_DIMENSIONS, MINILM_MODEL } from "./minilm-engine.ts";
import { MiniLmWasmEmbedder } from "./minilm-wasm.ts";
import { PassageWorkerPool } from "./passage-worker-pool.ts";
import type { OnnxEngine, OnnxEngineOptions } from "./onnx/minilm-onnx-engine.ts";
import type { Precision } from "./onnx/minilm-graph.ts";

export interface MiniLmOnnxOptions {
  /** Where the built ONNX file is kept (default: the system temp folder). */
  cacheDir?: string;
  /** int8 MatMul weights are smaller and faster but move vectors (see docs/decisions.md); fp32 by default. */
  precision?: Precision;
  /**
   * Precision of the query lane (default: `precision`). Query vectors are never stored, so a lossier, faster graph
   * here leaves every stored vector as it is; only the ranking can move (docs/decisions.md).
   */
  queryPrecision?: Precision;
  /** Worker threads for passages (default: one per core); 0 embeds passages on this thread. */
  passageWorkers?: number;
  /** Texts per forward pass and per message to a worker (default 8). */
  passageBatchSize?: number;
  /** An idle passage worker exits after this long to free its memory (default 60 s). */
  workerIdleMs?: number;
  /**
   * Queries on a thread of their own (the default where workers exist): onnxruntime-node runs a pass synchronously, so
   * on this thread a query's embedding would wait for, and hold up, the keyword search and PGlite beside it.
   */
  queryWorker?: boolean;
  /** Nice value of the passage workers' threads (default 10, below the API thread; 0 leaves them level with it). */
  workerNice?: number;
  /** "wasm": use the WASM engine when the native one cannot load (the default); "none": fail instead. */
  fallback?: "wasm" | "none";
  /** Told once when the fallback is taken. */
  onFallback?: (error: unknown) => void;
}

interface Lanes {
  query: Pick<OnnxEngine, "embed">;
  /** The query lane's worker, when it has one. */
  queryPool: PassageWorkerPool | null;
  pool: PassageWorkerPool | null;
  workers: number;
}

const workerUrl = new URL("./onnx/minilm-onnx-worker.ts", import.meta.url).href;

export class MiniLmOnnxEmbedder implements Embedder {
  readonly model = MINILM_MODEL;
  readonly dimensions = MINILM_DIMENSIONS;
  private lanes: Promise<Lanes | MiniLmWasmEmbedder> | null = null;
  private readonly batchSize: number;

  constructor(private readonly options: MiniLmOnnxOptions = {}) {
    this.batchSize = Math.max(1, options.passageBatchSize ?? 8);
  }

  /** Which engine answers: "onnx", or "wasm" after a fallback. Loads it if needed. */
  async engine(): Promise<"onnx" | "wasm"> {
    return (await this.load()) instanceof MiniLmWasmEmbedder ? "wasm" : "onnx";
  }

  async embed({ texts, kind, signal }: EmbedInput): Promise<EmbedOutput> {
    const started = performance.now();
    signal?.throwIfAborted();
    if (texts.length === 0) return { vectors: [], tokens: 0, ms: 0 };
    const lanes = await this.load();
    if (lanes instanceof MiniLmWasmEmbedder) return lanes.embed({ texts, kind, signal });
    const vectors =
      kind === "passage" && lanes.pool
        ? // The queue's batch of 8 would fill one worker and leave the other cores idle: split it across all of them.
          await lanes.pool.embed(texts, signal, Math.min(this.batchSize, Math.ceil(texts.length / lanes.workers)))
        : await lanes.query.embed(texts, signal);
    return { vectors, tokens: 0, ms: performance.now() - started };
  }

  /** Builds or checks the model file and loads the query engine. */
  async ready(): Promise<void> {
    const lanes = await this.load();
    if (lanes instanceof MiniLmWasmEmbedder) await lanes.ready();
  }

  /** Stops the passage workers; they start again when needed. */
  close(): void {
    void this.lanes?.then(
      (l) => {
        if (l instanceof MiniLmWasmEmbedder) return l.close();
        l.pool?.close();
        l.queryPool?.close();
      },
      () => {},
    );
  }

  private load(): Promise<Lanes | MiniLmWasmEmbedder> {
    this.lanes ??= this.loadOnnx().catch((error: unknown) => {
      if ((this.options.fallback ?? "wasm") === "none") {
        // Retried on the next call rather than remembered.
        this.lanes = null;
        throw error;
      }
      this.options.onFallback?.(error);
      return new MiniLmWasmEmbedder({ passageWorkers: this.options.passageWorkers === 0 ? 0 : 1, workerIdleMs: this.options.workerIdleMs });
    });
    return this.lanes;
  }

  private async loadOnnx(): Promise<Lanes> {
    // Imported here, not at the top: a platform without the native binding fails this import, not the app's.
    const { loadOnnxEngine } = await import("./onnx/minilm-onnx-engine.ts");
    const { ensureMiniLmOnnxFile } = await import("./onnx/minilm-onnx-file.ts");
    const cacheDir = this.options.cacheDir ?? join(tmpdir(), "site-search-models");
    const precision = this.options.precision ?? "fp32";
    const queryPrecision = this.options.queryPrecision ?? precision;
    const engineOptions: OnnxEngineOptions = { modelPath: ensureMiniLmOnnxFile(cacheDir, precision).path, threads: 1, batchSize: this.batchSize };
    const queryOptions: OnnxEngineOptions =
      queryPrecision === precision ? engineOptions : { ...engineOptions, modelPath: ensureMiniLmOnnxFile(cacheDir, queryPrecision).path };
    const queryPool =
      this.options.queryWorker !== false && typeof Worker !== "undefined"
        ? new PassageWorkerPool({ workers: 1, batchSize: this.batchSize, idleMs: Number.POSITIVE_INFINITY, workerUrl, setup: queryOptions, nice: 0 })
        : null;
    let query: Pick<OnnxEngine, "embed">;
    if (queryPool) {
      // Loads the worker's engine now: a failure here takes the fallback instead of failing the first search.
      await queryPool.embed(["warm up"]).catch((error: unknown) => {
        queryPool.close();
        throw error;
      });
      query = { embed: (texts, signal) => queryPool.embed(texts, signal) };
    } else query = await loadOnnxEngine(queryOptions);
    const workers = this.options.passageWorkers ?? availableParallelism();
    const pool =
      workers > 0 && typeof Worker !== "undefined"
        ? new PassageWorkerPool({
            workers,
            batchSize: this.batchSize,
            idleMs: this.options.workerIdleMs ?? 60_000,
            workerUrl,
            setup: engineOptions,
            nice: this.options.workerNice,
          })
        : null;
    return { query, queryPool, pool, workers: Math.max(1, workers) };
  }
}
