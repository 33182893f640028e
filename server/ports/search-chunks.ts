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

export interface SearchChunksInput {
  /** The sites searched; chunks of other sites are not returned. */
  siteIds: string[];
  chunkIds: string[];
  vector: number[] | null;
  /**
   * Exact similarities to `vector` already measured (the vector engine's hits): a reader that keeps rows need not ask
   * the database for these. A row read from the database carries its own, the same number.
   */
  known?: ReadonlyMap<string, number>;
  signal?: AbortSignal;
}

export interface SearchChunkSource {
  load(input: SearchChunksInput): Promise<SearchChunk[]>;
  /**
   * The exact cosine similarity to `vector` of each chunk that has a vector of the model, without the rows' text: what
   * a search still needs of chunks it already holds. Chunks without such a vector are left out.
   */
  similarities(input: { siteIds: string[]; chunkIds: string[]; vector: number[]; signal?: AbortSignal }): Promise<Map<string, number>>;
}
