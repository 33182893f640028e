// Everything search needs, built once by the composition root: the lexical engine (pg_textsearch, built-in
// FTS or a given one such as Elasticsearch), the pgvector store and its HNSW index, hybrid search, the
// public search service with its cache, the public-access gate and search groups.
import type { Embedder } from "../ports/embedder.ts";
import type { LexicalIndex } from "../ports/lexical-index.ts";
import type { Logger } from "../logger.ts";
import type { RateLimiter } from "../rate-limit/rate-limiter.ts";
import type { Database } from "../adapters/postgres/database.ts";
import type { SiteStore } from "../adapters/postgres/site-store.ts";
import { createPostgresLexicalIndex } from "../adapters/postgres/lexical-index-factory.ts";
import { PgVectorStore } from "../adapters/postgres/pgvector-store.ts";
import { SearchChunkStore } from "../adapters/postgres/search-chunk-store.ts";
import { GroupStore } from "../adapters/postgres/group-store.ts";
import { SiteVocabulary } from "../adapters/postgres/site-vocabulary.ts";
import { CompletionStore } from "../adapters/postgres/completion-store.ts";
import { SuggestService } from "../search/suggest-service.ts";
import { HybridSearch, type HybridSearchOptions } from "../search/hybrid-search.ts";
import { PublicSearchService, type SearchedEvent } from "../search/public-search-service.ts";
import { GroupService } from "../groups/group-service.ts";
import { SiteReadCache } from "../sites/site-read-cache.ts";
import { ChunkRowCache } from "../search/chunk-row-cache.ts";
import { VocabularyCache } from "../search/vocabulary-cache.ts";
import { publicAccessGate } from "../plugins/public-access.ts";
import type { TrustProxy } from "../plugins/client-ip.ts";

export interface SearchServicesInput {
  database: Database;
  /** config.lexicalEngine; "elasticsearch" needs `externalIndex`. */
  lexicalEngine: string;
  externalIndex?: LexicalIndex | null;
  /** Null runs keyword search only. */
  embedder: Embedder | null;
  siteStore: SiteStore;
  limiter: RateLimiter;
  /** Where the gate keeps the origins each site refused lately. */
  refusals?: { record(siteId: string, origin: string): Promise<void> };
  trustProxy: TrustProxy;
  log: Logger;
  options?: Partial<HybridSearchOptions>;
  /** Told of every public search (analytics); must not throw. */
  onSearched?(e: SearchedEvent): void;
}

export async function createSearchServices(input: SearchServicesInput) {
  const { database, embedder, siteStore, log } = input;
  // Every public request reads its site; changes made here drop the row at once (create-engines.ts listens for them).
  const siteRows = new SiteReadCache((siteId) => siteStore.getById(siteId));
  const chunkRows = new ChunkRowCache(new SearchChunkStore(database.db, embedder?.model ?? null));
  const vocabulary = new VocabularyCache(new SiteVocabulary(database.db));
  const lexical = input.externalIndex ?? (await createPostgresLexicalIndex(database, input.lexicalEngine));
  let vectors: PgVectorStore | null = null;
  if (embedder) {
    vectors = new PgVectorStore(database.db, { model: embedder.model, dimensions: embedder.dimensions });
    await vectors.ensureIndex();
  }
  const hybrid = new HybridSearch(
    {
      lexical,
      vectors,
      embedder,
      chunks: chunkRows,
      vocabulary,
      siteSettings: async (siteIds) =>
        (await Promise.all(siteIds.map((id) => siteRows.getById(id))))
          .filter((s) => s !== null)
          .map((s) => ({
            id: s.id,
            tagBoosts: s.tagBoosts,
            urlBoosts: s.urlBoosts,
            metadataSchema: s.metadataSchema,
            synonyms: s.synonyms,
          })),
      log,
    },
    input.options,
  );
  const suggest = new SuggestService(new CompletionStore(database.db));
  const publicSearch = new PublicSearchService(hybrid, { onSearched: input.onSearched, complete: (request) => suggest.suggest(request) });
  const gate = publicAccessGate({ sites: siteRows, limiter: input.limiter, trustProxy: input.trustProxy, refusals: input.refusals });
  const groupStore = new GroupStore(database.db);
  const groups = new GroupService(groupStore, siteStore);
  return {
    lexical,
    vectors,
    siteRows,
    chunkRows,
    vocabulary,
    hybrid,
    publicSearch,
    suggest,
    gate,
    groupStore,
    groups,
    healthCheck: {
      name: "search",
      check: async () => ({ ...(await lexical.health()), lexicalEngine: lexical.engine, vectorIndex: vectors?.indexName ?? null }),
    },
  };
}

export type SearchServices = Awaited<ReturnType<typeof createSearchServices>>;
