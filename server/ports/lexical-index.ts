// Keyword (BM25) retrieval over chunks. Adapters: postgres/pg-textsearch-index.ts, postgres/fts-index.ts, elasticsearch/lexical-index.ts.
// An engine with its own index (Elasticsearch) hears of page changes through the search outbox, not through this port.
/** A query as the search planned it: typo corrections and synonyms added, phrases and exclusions parsed. */
export interface LexicalTerms {
  /** Each entry is one query word followed by its alternatives (corrections, synonyms); any of them may match. */
  words: string[][];
  /** Every phrase must occur, its words in order. */
  phrases: string[][];
  /** A chunk containing any of these words is left out. */
  excluded: string[];
}

export interface LexicalSearchInput {
  siteIds: string[];
  query: string;
  /** When given, the engine searches these rather than the words of `query`. */
  terms?: LexicalTerms;
  limit: number;
  signal?: AbortSignal;
}

export interface LexicalHit {
  chunkId: string;
  /** Engine's raw score, higher is better; fusion normalises it. */
  score: number;
}

export interface LexicalIndex {
  /** "pg_textsearch" | "postgres-fts" | "elasticsearch" */
  readonly engine: string;
  search(input: LexicalSearchInput): Promise<{ hits: LexicalHit[]; ms: number }>;
  health(): Promise<{ ok: boolean; detail?: string }>;
}
