// Runs passage embedding on long-lived worker threads, each with its own engine (WASM or ONNX MiniLM), fed small batches
// in order; a batch can be abandoned by its caller, and idle workers exit to give their memory back.
import { BACKGROUND_NICE } from "../../background-thread.ts";
import { ThreadPool, type PoolTask } from "../../thread-pool.ts";
import type { WorkerReply, WorkerRequest } from "./minilm-worker.ts";

export interface PassageWorkerPoolOptions {
  /** Worker threads (each holds ~150 MB of model and WASM memory). */
  workers: number;
  /** Texts per message to a worker: bounds how long an abort, or another caller's batch, waits. */
  batchSize: number;
  /**
   * A worker with nothing to do exits after this long; the next batch pays the model load again (~1-2 s). Infinity
   * keeps it, where the runtime lets an idle worker stop holding the process open (Bun); elsewhere it is not kept.
   */
  idleMs: number;
  /** The worker entry (default: the WASM MiniLM worker); it answers WorkerRequest with WorkerReply. */
  workerUrl?: string;
  /** Sent with every request, for the worker to load its engine from (the ONNX engine's model file). */
  setup?: unknown;
  /** Each worker lowers its thread to this nice value (default 10; 0 leaves it), so the API thread comes first. */
  nice?: number;
}

interface Job extends PoolTask {
  texts: string[];
  resolve(vectors: number[][]): void;
  /** Set when its caller gave up: the job is skipped if queued, its answer dropped if running. */
  abandoned: boolean;
}

const wasmWorkerUrl = new URL("./minilm-worker.ts", import.meta.url).href;

export class PassageWorkerPool {
  private readonly queue: Job[] = [];
  private readonly threads: ThreadPool<Job, WorkerReply>;
  private nextId = 1;

  constructor(private readonly options: PassageWorkerPoolOptions) {
    this.threads = new ThreadPool<Job, WorkerReply>({
      workers: options.workers,
      workerUrl: options.workerUrl ?? wasmWorkerUrl,
      idleMs: options.idleMs,
      waiting: () => {
        while (this.queue[0]?.abandoned) this.queue.shift();
        return this.queue.length > 0;
      },
      take: () => this.queue.shift()!,
      message: (job): WorkerRequest => ({ id: job.id, texts: job.texts, setup: options.setup, nice: options.nice ?? BACKGROUND_NICE }),
      settle: (job, reply) => {
        if ("error" in reply) job.fail(new Error(`The embedding worker failed: ${reply.error}`));
        else job.resolve(reply.vectors);
      },
      crashed: (_job, message) => new Error(`The embedding worker failed: ${message}`),
    });
  }

  /**
   * `batchSize` overrides the pool's for this call (to spread a small call over every worker). Texts go out sorted by
   * length, so each worker's batch pads to a similar width; the vectors come back in the caller's order.
   */
  async embed(texts: string[], signal?: AbortSignal, batchSize = this.options.batchSize): Promise<number[][]> {
    signal?.throwIfAborted();
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    const jobs: Job[] = [];
    const parts: Promise<number[][]>[] = [];
    for (let i = 0; i < order.length; i += batchSize) {
      parts.push(
        new Promise<number[][]>((resolve, reject) => {
          const job: Job = { id: this.nextId++, texts: order.slice(i, i + batchSize).map((k) => texts[k]!), resolve, fail: reject, abandoned: false };
          jobs.push(job);
          this.queue.push(job);
        }),
      );
    }
    const onAbort = () => {
      for (const job of jobs) {
        job.abandoned = true;
        job.fail(signal!.reason);
      }
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    this.threads.pump();
    try {
      const sorted = (await Promise.all(parts)).flat();
      const out: number[][] = new Array(texts.length);
      for (const [i, k] of order.entries()) out[k] = sorted[i]!;
      return out;
    } catch (error) {
      // One failed batch fails the call; its other batches need not run.
      for (const job of jobs) job.abandoned = true;
      throw error;
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** Stops every worker; queued and running batches are rejected. */
  close(): void {
    const error = new Error("The passage embedder was closed.");
    for (const job of this.queue.splice(0)) job.fail(error);
    this.threads.close(error);
  }
}
