// The ingest feature as the container builds it: the ingest use case (preparation on worker threads when there are
// any, metadata from the model when there is one), the pages API, and the embedding queue (its jobs on the job queue)
// when there is an embedder.
import type { DocumentStore } from "../ports/document-store.ts";
import type { PageAliasStore } from "../ports/page-alias-store.ts";
import type { EmbeddingStore } from "../ports/embedding-store.ts";
import type { JobQueue } from "../ports/job-queue.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { MetadataExtractor } from "../ports/metadata-extractor.ts";
import type { PdfReader } from "../ports/pdf-reader.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import type { SiteStore } from "../ports/site-store.ts";
import { upstreamFailureFields, type Logger } from "../logger.ts";
import { processWorkerId } from "../jobs/index.ts";
import { HeuristicMetadataExtractor } from "./heuristic-metadata.ts";
import { IngestService } from "./ingest-service.ts";
import { PreparationPool } from "./preparation-pool.ts";
import { PageService } from "./page-service.ts";
import { EmbeddingQueue } from "./embedding-queue.ts";

export interface IngestModuleDeps {
  documents: DocumentStore;
  aliases: PageAliasStore;
  embeddings: EmbeddingStore;
  /** The job queue the embedding queue's per-site jobs run on (page writes queue them). */
  queue: JobQueue;
  /** Null: no vectors, so no embedding queue. */
  embedder: Embedder | null;
  /** The metadata model; null fills metadata in from the page alone. */
  metadataModel: MetadataExtractor | null;
  /** Worker threads that clean, chunk and read PDFs off the API thread (0: inline), and their entry module. */
  preparation: { workers: number; workerUrl: string };
  /** Reads PDFs when there are no preparation workers. */
  pdf: PdfReader;
  sites: SiteStore;
  siteEvents: SiteEvents;
  recordUsage: NonNullable<ConstructorParameters<typeof IngestService>[0]["onModelUsage"]>;
  log: Logger;
}

export function createIngestModule(deps: IngestModuleDeps) {
  const { log } = deps;
  const heuristics = new HeuristicMetadataExtractor();
  // The pool's workers read PDFs too, so pdf.js never runs on the API thread when there are workers.
  const preparation = deps.preparation.workers > 0 ? new PreparationPool(deps.preparation) : null;
  const ingest = new IngestService({
    documents: deps.documents,
    aliases: deps.aliases,
    metadata: deps.metadataModel ?? heuristics,
    heuristics,
    preparer: preparation ?? undefined,
    pdf: preparation ?? deps.pdf,
    siteEvents: deps.siteEvents,
    onModelUsage: deps.recordUsage,
    onMetadataFallback: (url, error) => log.warn("metadata model failed; heuristics filled in", { url, ...upstreamFailureFields(error) }),
    onPageFailed: (error, page) => log.error("page not stored", { error, ...page }),
  });
  return {
    ingest,
    pages: new PageService(deps.sites, deps.documents, deps.aliases, ingest, deps.siteEvents),
    /** Gives new chunks their vectors; null without an embedder. */
    embeddingQueue: deps.embedder
      ? new EmbeddingQueue({ store: deps.embeddings, embedder: deps.embedder, queue: deps.queue, log, workerId: processWorkerId() })
      : null,
    /** Stops the preparation workers. */
    close: async () => {
      await preparation?.close();
    },
  };
}

export type IngestModule = ReturnType<typeof createIngestModule>;
