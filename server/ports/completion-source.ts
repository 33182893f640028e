// Candidate completions of a typed prefix from a site's own titles, headings and popular queries.
// Adapter: postgres/completion-store.ts.
export interface CompletionCandidate {
  text: string;
  source: "title" | "heading" | "query";
  /** How often it occurs (pages, sections or searches): the more, the likelier it is what the visitor wants. */
  weight: number;
}

export interface CompletionSource {
  /**
   * Candidates whose text has a word starting with `prefix` and contains each of `words` (all lower-cased
   * letters and digits); at most `limit` per source.
   */
  candidates(input: { siteId: string; prefix: string; words: string[]; limit: number; signal?: AbortSignal }): Promise<CompletionCandidate[]>;
}
