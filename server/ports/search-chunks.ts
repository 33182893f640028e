// What hybrid search reads about its candidate chunks once the engines have named them. Adapter: adapters/postgres/search-chunk-store.ts.

export interface SearchChunk {
  chunkId: string;
  pageId: string;
  siteId: string;
  url: string;
  title: string;
  tags: string[];
  metadata: Record<string, unknown>;
  headingPath: string[];
  anchor: string | null;
  text: string;
  /** Exact cosine similarity to the query vector; null without a query vector or when the chunk has no vector of the model yet. */
  similarity: number | null;
}

export interface SearchChunkSource {
  /** `siteIds`: the sites searched; chunks of other sites are not returned. */
  load(input: { siteIds: string[]; chunkIds: string[]; vector: number[] | null; signal?: AbortSignal }): Promise<SearchChunk[]>;
}
