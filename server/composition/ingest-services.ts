// Builds ingest: the document store, the metadata extractor (Claude when a key is set, heuristics otherwise), the
// preparation workers, the embedding queue when there is an embedder, and the page service over them.
import type { Config } from "../config.ts";
import { upstreamFailureFields as upstreamFields, type Logger } from "../logger.ts";
import type { Db } from "../adapters/postgres/database.ts";
import type { ForegroundGate } from "../adapters/postgres/foreground-gate.ts";
import { DocumentStore } from "../adapters/postgres/document-store.ts";
import { PageAliasStore } from "../adapters/postgres/page-alias-store.ts";
import { EmbeddingStore } from "../adapters/postgres/embedding-store.ts";
import { AnthropicMetadataExtractor } from "../adapters/anthropic/metadata-extractor.ts";
import { UnpdfReader } from "../adapters/pdf/unpdf-reader.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { MetadataExtractor } from "../ports/metadata-extractor.ts";
import type { SiteStore } from "../ports/site-store.ts";
import type { SiteEvents } from "../ports/site-events.ts";
import { HeuristicMetadataExtractor } from "../ingest/heuristic-metadata.ts";
import { IngestService } from "../ingest/ingest-service.ts";
import { PreparationPool } from "../ingest/preparation-pool.ts";
import { PageService } from "../ingest/page-service.ts";
import { EmbeddingQueue } from "../ingest/embedding-queue.ts";
import type { UsageRecorder } from "../analytics/usage-recorder.ts";

export interface IngestInput {
  config: Config;
  db: Db;
  /** Embedded PGlite's gate for bulk writes; null on a PostgreSQL server. */
  gate: ForegroundGate | null;
  log: Logger;
  embedder: Embedder | null;
  siteStore: SiteStore;
  usageRecorder: UsageRecorder;
  siteEvents: SiteEvents;
}

export function createIngestServices({ config, db, gate, log, embedder, siteStore, usageRecorder, siteEvents }: IngestInput) {
  const useOutbox = config.lexicalEngine === "elasticsearch";
  const documents = new DocumentStore(db, useOutbox, embedder?.model ?? null, gate);
  const aliases = new PageAliasStore(db, useOutbox);
  const embeddingStore = new EmbeddingStore(db, gate);
  const embeddingQueue = embedder ? new EmbeddingQueue(embeddingStore, embedder, log) : null;
  const { anthropic } = config;
  const heuristics = new HeuristicMetadataExtractor();
  const metadata: MetadataExtractor = anthropic.apiKey
    ? new AnthropicMetadataExtractor({ apiKey: anthropic.apiKey, model: anthropic.model, baseURL: anthropic.baseUrl ?? undefined })
    : heuristics;
  // The pool's workers read PDFs too (preparation-thread.ts), so pdf.js never runs on the API thread when there are workers.
  const workerUrl = new URL("./preparation-thread.ts", import.meta.url).href;
  const preparation = config.preparationWorkers > 0 ? new PreparationPool({ workers: config.preparationWorkers, workerUrl }) : null;
  const ingest = new IngestService({
    documents,
    aliases,
    metadata,
    heuristics,
    preparer: preparation ?? undefined,
    pdf: preparation ?? new UnpdfReader(),
    siteEvents,
    onModelUsage: (usage) => usageRecorder.record(usage),
    onMetadataFallback: (url, error) => log.warn("metadata model failed; heuristics filled in", { url, ...upstreamFields(error) }),
    onPageFailed: (error, page) => log.error("page not stored", { error, ...page }),
  });
  const pages = new PageService(siteStore, documents, aliases, ingest, siteEvents);
  return { documents, embeddingStore, embeddingQueue, preparation, ingest, pages };
}
