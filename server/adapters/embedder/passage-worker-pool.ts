// Runs passage embedding on long-lived worker threads, each with its own engine (WASM or ONNX MiniLM), fed small batches
// in order; a batch can be abandoned by its caller, and idle workers exit to give their memory back.
import { BACKGROUND_NICE } from "../../background-thread.ts";
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

interface Job {
  id: number;
  texts: string[];
  resolve(vectors: number[][]): void;
  reject(error: unknown): void;
  /** Set when its caller gave up: the job is skipped if queued, its answer dropped if running. */
  abandoned: boolean;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

/** Bun's workers can stop holding the process open; Deno's cannot (they exit on the idle timer instead). */
type Refable = { ref?(): void; unref?(): void };

const wasmWorkerUrl = new URL("./minilm-worker.ts", import.meta.url).href;

export class PassageWorkerPool {
  private readonly queue: Job[] = [];
  private readonly slots: Slot[] = [];
  private nextId = 1;

  constructor(private readonly options: PassageWorkerPoolOptions) {}

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
          const job: Job = { id: this.nextId++, texts: order.slice(i, i + batchSize).map((k) => texts[k]!), resolve, reject, abandoned: false };
          jobs.push(job);
          this.queue.push(job);
        }),
      );
    }
    const onAbort = () => {
      for (const job of jobs) {
        job.abandoned = true;
        job.reject(signal!.reason);
      }
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    this.pump();
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
    for (const job of this.queue.splice(0)) job.reject(new Error("The passage embedder was closed."));
    for (const slot of this.slots.splice(0)) {
      slot.job?.reject(new Error("The passage embedder was closed."));
      this.stop(slot);
    }
  }

  private pump(): void {
    for (;;) {
      while (this.queue[0]?.abandoned) this.queue.shift();
      const job = this.queue[0];
      if (!job) return;
      const slot = this.slots.find((s) => s.job === null) ?? this.spawn();
      if (!slot) return;
      this.queue.shift();
      this.assign(slot, job);
    }
  }

  private assign(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    (slot.worker as Refable).ref?.();
    const request: WorkerRequest = { id: job.id, texts: job.texts, setup: this.options.setup, nice: this.options.nice ?? BACKGROUND_NICE };
    slot.worker.postMessage(request);
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.options.workers) return null;
    const worker = new Worker(this.options.workerUrl ?? wasmWorkerUrl, { type: "module" });
    const slot: Slot = { worker, job: null, idleTimer: null };
    worker.onmessage = (event: MessageEvent<WorkerReply>) => this.settle(slot, event.data);
    worker.onerror = (event: ErrorEvent) => {
      // A crashed worker (a hard WASM abort, out of memory) is replaced on the next batch.
      event.preventDefault?.();
      slot.job?.reject(new Error(`The embedding worker failed: ${event.message}`));
      slot.job = null;
      this.remove(slot);
      this.pump();
    };
    this.slots.push(slot);
    return slot;
  }

  private settle(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    slot.job = null;
    if (job && job.id === reply.id && !job.abandoned) {
      if ("error" in reply) job.reject(new Error(`The embedding worker failed: ${reply.error}`));
      else job.resolve(reply.vectors);
    }
    this.pump();
    if (slot.job === null) this.idle(slot);
  }

  private idle(slot: Slot): void {
    const refable = slot.worker as Refable;
    refable.unref?.();
    if (this.options.idleMs === Number.POSITIVE_INFINITY && refable.unref) return;
    slot.idleTimer = setTimeout(() => this.remove(slot), Number.isFinite(this.options.idleMs) ? this.options.idleMs : 60_000);
    (slot.idleTimer as Refable).unref?.();
  }

  private remove(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.stop(slot);
  }

  private stop(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.worker.terminate();
  }
}
