// Worker-thread entry for the ONNX engine: embeds passage batches off the main thread, one at a time, so a
// forward pass (synchronous in onnxruntime-node) never holds up HTTP or the query lane.
import { lowerThisThreadPriority } from "../../../background-thread.ts";
import type { WorkerReply, WorkerRequest } from "../minilm-worker.ts";
import { loadOnnxEngine, type OnnxEngine, type OnnxEngineOptions } from "./minilm-onnx-engine.ts";

// Typed loosely on purpose: this file is loaded as a Web Worker on Bun and Deno, whose worker globals differ.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
};

let engine: Promise<OnnxEngine> | null = null;
let chain: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const { id, texts, setup, nice } = event.data;
  chain = chain.then(async () => {
    try {
      // ONNX Runtime runs a pass on this thread (one intra-op thread), so the nice value covers the whole pass.
      if (!engine) {
        lowerThisThreadPriority(nice);
        engine = loadOnnxEngine(setup as OnnxEngineOptions);
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
