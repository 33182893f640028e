// The search outbox an external lexical index (Elasticsearch) is fed from: rows saying "make this page (or site) match
// Postgres now", and the chunks to send. Postgres stays the source of truth; the index can always be rebuilt from it.

export interface OutboxRow {
  id: number;
  siteId: string;
  pageId: string | null;
  op: "upsert-page" | "delete-page" | "delete-site";
  attempts: number;
}

export interface OutboxLag {
  pending: number;
  /** Age of the oldest undelivered row, 0 when none. */
  oldestSeconds: number;
  /** Rows that failed at least once and wait for their retry. */
  retrying: number;
}

export interface IndexChunk {
  chunkId: string;
  pageId: string;
  siteId: string;
  url: string;
  title: string;
  headingPath: string[];
  text: string;
  tags: string[];
}

/** A chunk as the drain and rebuilds send it: the chunk plus its page's metadata for facets. */
export type IndexableChunk = IndexChunk & { metadata?: Record<string, unknown> };

export interface IndexChunkSource {
  /** The current chunks of these pages; a page deleted since has none. */
  pageChunks(pageIds: string[]): Promise<IndexableChunk[]>;
  /** Every chunk of a site in batches, so memory stays flat on a large site. */
  siteChunkBatches(siteId: string, batchSize: number): AsyncGenerator<IndexableChunk[]>;
  allSiteIds(): Promise<string[]>;
  siteExists(siteId: string): Promise<boolean>;
}

export interface SearchOutbox extends IndexChunkSource {
  /** Claims up to `limit` deliverable rows, hidden from other workers for `leaseSeconds`. */
  claim(limit: number, leaseSeconds: number): Promise<OutboxRow[]>;
  /** Deletes delivered rows. */
  remove(ids: number[]): Promise<void>;
  /** Counts a failed attempt and backs the rows off, at most `maxBackoffSeconds`. */
  fail(ids: number[], error: string, maxBackoffSeconds: number): Promise<void>;
  lag(): Promise<OutboxLag>;
}
