// The sites' vocabulary as search asks it (word counts, prefix expansions, look-alikes), kept a minute: visitors typing
// the same questions ask the same words and prefixes, and each question was one or two statements on PGlite's thread.
import type { Vocabulary, VocabularyTerm } from "../ports/vocabulary.ts";
import { SearchCache } from "./search-cache.ts";

export interface VocabularyCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  clock?: () => number;
}

/** Dropped for a site when its content changes (invalidateSite); another instance sees new words within the time to live. */
export class VocabularyCache implements Vocabulary {
  /** The answers cache's expiry, eviction and per-site invalidation, counted in seconds as it counts them. */
  private readonly entries: SearchCache<unknown>;

  constructor(
    private readonly source: Vocabulary,
    options: VocabularyCacheOptions = {},
  ) {
    const clock = options.clock;
    this.entries = new SearchCache<unknown>({
      maxEntries: options.maxEntries ?? 20_000,
      ttlSeconds: options.ttlMs === undefined ? undefined : options.ttlMs / 1000,
      clock: clock ? () => clock() / 1000 : undefined,
    });
  }

  near(input: { siteIds: string[]; words: string[]; signal?: AbortSignal }): Promise<Map<string, VocabularyTerm[]>> {
    return this.perWord("near", input, (words) => this.source.near({ ...input, words }));
  }

  counts(input: { siteIds: string[]; words: string[]; signal?: AbortSignal }): Promise<Map<string, number>> {
    return this.perWord("counts", input, (words) => this.source.counts({ ...input, words }));
  }

  async prefixed(input: { siteIds: string[]; prefix: string; limit: number; signal?: AbortSignal }): Promise<VocabularyTerm[]> {
    const key = JSON.stringify(["prefixed", [...input.siteIds].sort(), input.prefix, input.limit]);
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept as VocabularyTerm[];
    const found = await this.source.prefixed(input);
    this.entries.set(key, input.siteIds, found);
    return found;
  }

  /** The site's content changed: its words are asked again. */
  invalidateSite(siteId: string): void {
    this.entries.invalidateSite(siteId);
  }

  /** Words answered from the cache; the rest asked of the source in one call. A word the sites lack is kept as absent. */
  private async perWord<T>(
    kind: string,
    input: { siteIds: string[]; words: string[] },
    ask: (words: string[]) => Promise<Map<string, T>>,
  ): Promise<Map<string, T>> {
    const sites = [...input.siteIds].sort();
    const keyOf = (word: string) => JSON.stringify([kind, sites, word]);
    const out = new Map<string, T>();
    const missing: string[] = [];
    for (const word of input.words) {
      const kept = this.entries.get(keyOf(word));
      if (kept === undefined) missing.push(word);
      else if (kept !== null) out.set(word, kept as T);
    }
    if (missing.length === 0) return out;
    const found = await ask(missing);
    for (const word of missing) {
      const value = found.get(word);
      this.entries.set(keyOf(word), input.siteIds, value ?? null);
      if (value !== undefined) out.set(word, value);
    }
    return out;
  }
}
