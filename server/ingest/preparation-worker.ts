// Worker-thread entry for page preparation: cleans HTML and chunks blocks, so a heading-heavy megabyte page costs a
// worker seconds instead of stalling every tenant's requests on the API thread.
import { lowerThisThreadPriority } from "../background-thread.ts";
import { cleanHtml } from "./clean-html.ts";
import { chunkBlocks } from "./chunk.ts";
import type { ChunkInput } from "./page-preparer.ts";

/** Main → worker; `nice`: the value this worker's thread takes on its first request (0: unchanged). */
export type PreparationRequest = ({ id: number; op: "clean"; html: string; url: string } | { id: number; op: "chunk"; input: ChunkInput }) & { nice?: number };

/** Worker → main: the result of request `id`, or why there is none. */
export type PreparationReply = { id: number; result: unknown } | { id: number; error: string };

// Typed loosely on purpose: this file is loaded as a Web Worker on Bun and Deno, whose worker globals differ.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<PreparationRequest>) => void) | null;
  postMessage(message: PreparationReply): void;
};

let lowered = false;

scope.onmessage = (event) => {
  const request = event.data;
  // Cleaning a pushed pile of pages is background work: the API thread (searches) comes first on a busy CPU.
  if (!lowered) {
    lowerThisThreadPriority(request.nice);
    lowered = true;
  }
  try {
    const result = request.op === "clean" ? cleanHtml(request.html, request.url) : chunkBlocks(request.input);
    scope.postMessage({ id: request.id, result });
  } catch (error) {
    scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
};
