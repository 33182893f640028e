// Worker-thread entry for page preparation: cleans HTML and chunks blocks, so a heading-heavy megabyte page costs a
// worker seconds instead of stalling every tenant's requests on the API thread.
import { cleanHtml } from "./clean-html.ts";
import { chunkBlocks } from "./chunk.ts";
import type { ChunkInput } from "./page-preparer.ts";

/** Main → worker. */
export type PreparationRequest = { id: number; op: "clean"; html: string; url: string } | { id: number; op: "chunk"; input: ChunkInput };

/** Worker → main: the result of request `id`, or why there is none. */
export type PreparationReply = { id: number; result: unknown } | { id: number; error: string };

// Typed loosely on purpose: this file is loaded as a Web Worker on Bun and Deno, whose worker globals differ.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<PreparationRequest>) => void) | null;
  postMessage(message: PreparationReply): void;
};

scope.onmessage = (event) => {
  const request = event.data;
  try {
    const result = request.op === "clean" ? cleanHtml(request.html, request.url) : chunkBlocks(request.input);
    scope.postMessage({ id: request.id, result });
  } catch (error) {
    scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
};
