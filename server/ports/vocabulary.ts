// The words a site's pages use, for typo correction. Adapter: postgres/site-vocabulary.ts (pg_trgm over site_terms).
export interface VocabularyTerm {
  term: string;
  /** Chunks of the searched sites that contain the word. */
  chunks: number;
}

export interface Vocabulary {
  /**
   * For each word, the sites' words that look like it (the word itself included when the sites use it), best
   * look-alikes first. A candidate list, not a verdict: the caller decides which are within a typo's reach.
   */
  near(input: { siteIds: string[]; words: string[]; signal?: AbortSignal }): Promise<Map<string, VocabularyTerm[]>>;
  /**
   * How many chunks of the sites contain each word exactly (words the sites never use are absent): one index probe
   * per word, so the look-alike search can be kept for the words that may be typos.
   */
  counts(input: { siteIds: string[]; words: string[]; signal?: AbortSignal }): Promise<Map<string, number>>;
  /**
   * The sites' words that start with `prefix` (the prefix itself included when the sites use it), the most used first:
   * what an unfinished last word may become while the visitor is still typing it.
   */
  prefixed(input: { siteIds: string[]; prefix: string; limit: number; signal?: AbortSignal }): Promise<VocabularyTerm[]>;
}
