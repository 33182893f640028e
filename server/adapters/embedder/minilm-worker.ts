// Worker-thread entry: one MiniLM engine that embeds passage batches, so long batches never block the
// main thread's event loop (HTTP, and the query lane's own engine).
import { lowerThisThreadPriority } from "../../background-thread.ts";
import { loadMiniLmEngine, type MiniLmEngine } from "./minilm-engine.ts";

/** Main → worker: embed these texts. */
export interface WorkerRequest {
  id: number;
  texts: string[];
  /** Engine settings from the pool; unused by the WASM engine. */
  setup?: unknown;
  /** The nice value the worker's thread takes on its first request (0: unchanged). */
  nice?: number;
}

/** Worker → main: the vectors for request `id`, or why they could not be made. */
export type WorkerReply = { id: number; vectors: number[][]; ms: number } | { id: number; error: string };

// Typed loosely on purpose: this file is loaded as a Web Worker on Bun and Deno, whose worker globals differ.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
};

let engine: Promise<MiniLmEngine> | null = null;
// Requests are handled one at a time, in order: the engine is single-threaded anyway.
let chain: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const { id, texts, nice } = event.data;
  chain = chain.then(async () => {
    try {
      if (!engine) {
        lowerThisThreadPriority(nice);
        engine = loadMiniLmEngine();
      }
      const started = performance.now();
      const vectors = await (await engine).embed(texts);
      scope.postMessage({ id, vectors, ms: performance.now() - started });
    } catch (error) {
      // A failed load is retried on the next request rather than poisoning the worker for good.
      if (
        engine &&
        (await engine.then(
          () => false,
          () => true,
        ))
      )
        engine = null;
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
};
