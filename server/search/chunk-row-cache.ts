// Candidate chunks as search reads them (text, headings, page fields), kept a minute: visitors typing the same questions
// meet the same chunks again and again, and on embedded PGlite reading them was the largest statement of a search. A
// search with a query vector needs each chunk's exact similarity to it: a kept row takes the one the vector engine
// measured when it found the chunk, and the database measures only the rest, without reading their text again.
import { Limits } from "../../shared/limits.ts";
import type { SearchChunk, SearchChunkSource, SearchChunksInput } from "../ports/search-chunks.ts";

export interface ChunkRowCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  clock?: () => number;
}

interface Entry {
  chunk: SearchChunk;
  expiresAt: number;
}

/**
 * A chunk's id is new whenever its text is written (ingest never rewrites a chunk in place), so a kept row is wrong only
 * when its page's title, URL, tags or metadata change: every change of a site drops its rows here (invalidateSite), and
 * another instance sees it within the time to live, as it does for cached answers.
 */
export class ChunkRowCache implements SearchChunkSource {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly source: SearchChunkSource,
    private readonly options: ChunkRowCacheOptions = {},
  ) {}

  async load(input: SearchChunksInput): Promise<SearchChunk[]> {
    const now = this.now();
    const kept: SearchChunk[] = [];
    const missing: string[] = [];
    for (const id of input.chunkIds) {
      const entry = this.entries.get(id);
      if (entry && entry.expiresAt > now && input.siteIds.includes(entry.chunk.siteId)) kept.push(entry.chunk);
      else missing.push(id);
    }
    const [loaded, measured] = await Promise.all([
      missing.length > 0 ? this.source.load({ ...input, chunkIds: missing }) : [],
      input.vector === null ? null : this.measure(kept, input.vector, input),
    ]);
    input.signal?.throwIfAborted();
    const stored = loaded.map((chunk) => this.keep(chunk));
    if (measured === null) return [...kept, ...stored];
    // With a query vector every chunk carries its similarity: kept rows take the measured one (null: no vector yet),
    // rows read now the one the database gave them.
    return [...kept.map((chunk) => ({ ...chunk, similarity: measured.get(chunk.chunkId) ?? null })), ...loaded];
  }

  /** Similarities of kept rows: the vector engine's hits already hold some; the database measures the rest. */
  private async measure(kept: SearchChunk[], vector: number[], input: SearchChunksInput): Promise<Map<string, number>> {
    const known = new Map<string, number>();
    const unknown: string[] = [];
    for (const chunk of kept) {
      const similarity = input.known?.get(chunk.chunkId);
      if (similarity === undefined) unknown.push(chunk.chunkId);
      else known.set(chunk.chunkId, similarity);
    }
    if (unknown.length === 0) return known;
    const measured = await this.source.similarities({ siteIds: input.siteIds, chunkIds: unknown, vector, signal: input.signal });
    for (const [id, similarity] of measured) known.set(id, similarity);
    return known;
  }

  similarities(input: { siteIds: string[]; chunkIds: string[]; vector: number[]; signal?: AbortSignal }): Promise<Map<string, number>> {
    return this.source.similarities(input);
  }

  /** The site's content or settings changed: its chunks are read again. */
  invalidateSite(siteId: string): void {
    for (const [id, entry] of this.entries) if (entry.chunk.siteId === siteId) this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(chunk: SearchChunk): SearchChunk {
    this.entries.delete(chunk.chunkId);
    while (this.entries.size >= (this.options.maxEntries ?? 20_000)) this.entries.delete(this.entries.keys().next().value!);
    // Without a query vector a chunk has no similarity: the kept row never carries one search's score into another.
    const kept = { ...chunk, similarity: null };
    this.entries.set(chunk.chunkId, { chunk: kept, expiresAt: this.now() + (this.options.ttlMs ?? Limits.searchCacheSeconds * 1000) });
    return kept;
  }

  private now(): number {
    return this.options.clock ? this.options.clock() : performance.now();
  }
}
