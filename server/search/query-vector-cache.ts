// Remembers recent query embeddings (least recently used out first), so a repeated query, the common case
// for popular searches and type-ahead, skips the embedder.

/**
 * Case and runs of whitespace never change the embedding (the tokenizer lowercases and splits on whitespace),
 * so queries differing only in those share an entry.
 */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/gu, " ").toLowerCase();
}

export class QueryVectorCache {
  private readonly entries = new Map<string, number[]>();

  constructor(private readonly maxEntries = 1000) {}

  get(query: string): number[] | undefined {
    const key = normaliseQuery(query);
    const vector = this.entries.get(key);
    if (vector) {
      // Re-inserted so Map order stays least- to most-recently used.
      this.entries.delete(key);
      this.entries.set(key, vector);
    }
    return vector;
  }

  set(query: string, vector: number[]): void {
    if (this.maxEntries <= 0) return;
    const key = normaliseQuery(query);
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, vector);
  }

  get size(): number {
    return this.entries.size;
  }
}
