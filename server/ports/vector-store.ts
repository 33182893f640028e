// Nearest-neighbour retrieval over chunk embeddings. Adapter: postgres/pgvector-store.ts.
export interface VectorSearchInput {
  siteIds: string[];
  vector: number[];
  limit: number;
  signal?: AbortSignal;
}

export interface VectorHit {
  chunkId: string;
  /** Cosine similarity in [-1, 1]. */
  similarity: number;
}

export interface VectorStore {
  search(input: VectorSearchInput): Promise<{ hits: VectorHit[]; ms: number }>;
}
