// Candidate chunks as search reads them (text, headings, page fields), kept a minute: visitors typing the same questions
// meet the same chunks again and again, and on embedded PGlite reading them was the largest statement of an instant
// search. Searches with a query vector still read every chunk, since each needs its exact similarity to the query.
import { Limits } from "../../shared/limits.ts";
import type { SearchChunk, SearchChunkSource } from "../ports/search-chunks.ts";

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

  async load(input: { siteIds: string[]; chunkIds: string[]; vector: number[] | null; signal?: AbortSignal }): Promise<SearchChunk[]> {
    if (input.vector !== null) {
      const found = await this.source.load(input);
      for (const chunk of found) this.keep(chunk);
      return found;
    }
    const now = this.now();
    const kept: SearchChunk[] = [];
    const missing: string[] = [];
    for (const id of input.chunkIds) {
      const entry = this.entries.get(id);
      if (entry && entry.expiresAt > now && input.siteIds.includes(entry.chunk.siteId)) kept.push(entry.chunk);
      else missing.push(id);
    }
    if (missing.length === 0) {
      input.signal?.throwIfAborted();
      return kept;
    }
    const loaded = await this.source.load({ ...input, chunkIds: missing });
    return [...kept, ...loaded.map((chunk) => this.keep(chunk))];
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
