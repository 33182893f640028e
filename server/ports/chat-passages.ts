// What chat retrieval reads: hybrid search on the site, then the matched chunks' full text.

/** The part of hybrid search chat reads (server/search/hybrid-search.ts). */
export interface PassageSearch {
  search(input: { siteIds: string[]; query: string; limit: number; minScore: number; signal?: AbortSignal }): Promise<{
    results: Array<{
      url: string;
      title: string;
      snippet: string;
      score: number;
      sections: Array<{ anchor: string | null; headingPath: string[]; snippet: string }>;
    }>;
  }>;
}

/** Full chunk text by page URL and section anchor (adapters/postgres/chat-store.ts). */
export interface ChunkTextSource {
  chunkTexts(input: { siteId: string; pages: Array<{ url: string; anchors: Array<string | null> }>; perPage: number }): Promise<
    Array<{ url: string; title: string; headingPath: string[]; text: string }>
  >;
}
