// The search feature as the container builds it: hybrid search over the engines it is given, with its row and
// vocabulary caches, public search with its answers cache, suggestions, site search for the key API, and its health.
import type { Embedder } from "../ports/embedder.ts";
import type { HealthCheck } from "../ports/health-check.ts";
import type { LexicalIndex } from "../ports/lexical-index.ts";
import type { VectorStore } from "../ports/vector-store.ts";
import type { SearchChunkSource } from "../ports/search-chunks.ts";
import type { Vocabulary } from "../ports/vocabulary.ts";
import type { CompletionSource } from "../ports/completion-source.ts";
import type { QueryRecord } from "../ports/query-record.ts";
import type { SiteRow } from "../ports/site-store.ts";
import type { Logger } from "../logger.ts";
import { HybridSearch, type HybridSearchOptions } from "./hybrid-search.ts";
import { PublicSearchService, type SearchedEvent } from "./public-search-service.ts";
import { SiteSearchService } from "./site-search-service.ts";
import { SuggestService } from "./suggest-service.ts";
import { ChunkRowCache } from "./chunk-row-cache.ts";
import { VocabularyCache } from "./vocabulary-cache.ts";

export interface SearchModuleDeps {
  lexical: LexicalIndex;
  /** Null runs keyword search only. */
  vectors: { store: VectorStore; indexName: string } | null;
  embedder: Embedder | null;
  chunks: SearchChunkSource;
  vocabulary: Vocabulary;
  completions: CompletionSource;
  /** The sites' rows as public requests read them (cached by the sites feature). */
  siteRows: { getById(siteId: string): Promise<SiteRow | null> };
  /** Refuses as not found when the site is not the organisation's (site search through the key API). */
  assertSite(orgId: string, siteId: string): Promise<unknown>;
  /** Told of every search after it answered (analytics); must not throw. */
  record(event: QueryRecord): void;
  log: Logger;
  options?: Partial<HybridSearchOptions>;
}

export function createSearchModule(deps: SearchModuleDeps) {
  const chunkRows = new ChunkRowCache(deps.chunks);
  const vocabulary = new VocabularyCache(deps.vocabulary);
  const hybrid = new HybridSearch(
    {
      lexical: deps.lexical,
      vectors: deps.vectors?.store ?? null,
      embedder: deps.embedder,
      chunks: chunkRows,
      vocabulary,
      siteSettings: async (siteIds) =>
        (await Promise.all(siteIds.map((id) => deps.siteRows.getById(id))))
          .filter((s) => s !== null)
          .map((s) => ({ id: s.id, tagBoosts: s.tagBoosts, urlBoosts: s.urlBoosts, metadataSchema: s.metadataSchema, synonyms: s.synonyms })),
      log: deps.log,
    },
    deps.options,
  );
  const suggest = new SuggestService(deps.completions);
  const onSearched = (e: SearchedEvent) => {
    for (const siteId of e.siteIds) {
      deps.record({ orgId: e.orgId, siteId, kind: "search", query: e.query, resultCount: e.resultCount, latencyMs: e.latencyMs, ip: e.ip, channel: "public" });
    }
  };
  const publicSearch = new PublicSearchService(hybrid, { onSearched, complete: (request) => suggest.suggest(request) });
  const health: HealthCheck = {
    name: "search",
    check: async () => ({ ...(await deps.lexical.health()), lexicalEngine: deps.lexical.engine, vectorIndex: deps.vectors?.indexName ?? null }),
  };
  return {
    hybrid,
    publicSearch,
    suggest,
    siteSearch: new SiteSearchService(hybrid, deps.assertSite, deps.record),
    health,
    /** Drops what is cached of a site after it changed: answers, chunk rows, vocabulary. */
    forgetSite(siteId: string) {
      publicSearch.invalidateSite(siteId);
      chunkRows.invalidateSite(siteId);
      vocabulary.invalidateSite(siteId);
    },
  };
}

export type SearchModule = ReturnType<typeof createSearchModule>;
