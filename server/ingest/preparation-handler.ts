// What a preparation worker thread does with a request: clean HTML, chunk blocks, or read a PDF's text when the
// worker was given a reader. The worker entry files call servePreparation with what they can offer.
import { lowerThisThreadPriority } from "../background-thread.ts";
import { PdfUnreadable, type PdfReader } from "../ports/pdf-reader.ts";
import { cleanHtml } from "./clean-html.ts";
import { chunkBlocks } from "./chunk.ts";
import type { ChunkInput } from "./page-preparer.ts";

/** Main → worker; `nice`: the value this worker's thread takes on its first request (0: unchanged). */
export type PreparationRequest = (
  | { id: number; op: "clean"; html: string; url: string }
  | { id: number; op: "chunk"; input: ChunkInput }
  | { id: number; op: "pdf"; bytes: Uint8Array; maxPages: number }
) & { nice?: number };

/** Worker → main: the result of request `id`, or why there is none (`unreadable`: the PDF's own fault). */
export type PreparationReply = { id: number; result: unknown } | { id: number; error: string; unreadable?: boolean };

// Typed loosely on purpose: this is loaded as a Web Worker on Bun and Deno, whose worker globals differ.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<PreparationRequest>) => void) | null;
  postMessage(message: PreparationReply): void;
};

/** Answers requests on this worker thread; PDFs only when `pdf` is given. */
export function servePreparation(deps: { pdf?: PdfReader }): void {
  let lowered = false;
  scope.onmessage = async (event) => {
    const request = event.data;
    // Preparing a pushed pile of pages is background work: the API thread (searches) comes first on a busy CPU.
    if (!lowered) {
      lowerThisThreadPriority(request.nice);
      lowered = true;
    }
    try {
      scope.postMessage({ id: request.id, result: await handle(request, deps) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      scope.postMessage({ id: request.id, error: message, unreadable: error instanceof PdfUnreadable });
    }
  };
}

function handle(request: PreparationRequest, deps: { pdf?: PdfReader }): unknown {
  if (request.op === "clean") return cleanHtml(request.html, request.url);
  if (request.op === "chunk") return chunkBlocks(request.input);
  if (!deps.pdf) throw new PdfUnreadable("This server does not read PDFs.");
  return deps.pdf.read({ bytes: request.bytes, maxPages: request.maxPages, tenant: "" });
}
