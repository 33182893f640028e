// What chat retrieval reads: hybrid search on the site, with the chunks each result matched (read once, by search).

/** The part of hybrid search chat reads (server/search/hybrid-search.ts): results with the chunks they matched. */
export interface PassageSearch {
  search(input: { siteIds: string[]; query: string; limit: number; minScore: number; signal?: AbortSignal }): Promise<{
    results: Array<{
      url: string;
      title: string;
      score: number;
      /** The page's best chunks, in score order, with their full text. */
      chunks: Array<{ chunkId: string; headingPath: string[]; text: string }>;
    }>;
  }>;
}
