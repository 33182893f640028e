// Chat retrieval over the site's hybrid search: the page-grouped results and their matched chunks, reduced to what passages quote.
import type { HybridChunksOutput, HybridSearchInput } from "../search/index.ts";
import type { PassageSearch } from "./chat-passages.ts";

/** The one method of HybridSearch chat calls. */
export interface HybridSearcher {
  searchWithChunks(input: HybridSearchInput): Promise<HybridChunksOutput>;
}

type PassageSearchInput = Parameters<PassageSearch["search"]>[0];
type PassageSearchOutput = Awaited<ReturnType<PassageSearch["search"]>>;

/**
 * Without an embedder, or when it fails or is slow, hybrid search answers from keywords alone, so chat
 * degrades with it instead of failing; only an outage of the lexical engine as well is an error.
 */
export class HybridPassageSearch implements PassageSearch {
  constructor(private readonly hybrid: HybridSearcher) {}

  async search(input: PassageSearchInput): Promise<PassageSearchOutput> {
    const { siteIds, query, limit, minScore, signal } = input;
    const found = await this.hybrid.searchWithChunks({ siteIds, query, limit, minScore, signal });
    return { results: found.results.map((r) => ({ url: r.url, title: r.title, score: r.score, chunks: r.chunks })) };
  }
}
