// In-process cache of GET search responses for 60 s, keyed by everything that changes the answer, and
// emptied for a site the moment its content or settings change (invalidateSite).
import { Limits } from "../../shared/limits.ts";

interface Entry<T> {
  siteIds: readonly string[];
  value: T;
  expiresAt: number;
}

export class SearchCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly opts: { ttlSeconds?: number; maxEntries?: number; clock?: () => number } = {}) {}

  static key(parts: { scope: string; query: string; limit: number; minScore: number; filters?: Record<string, unknown> }): string {
    const filters = Object.entries(parts.filters ?? {}).sort(([a], [b]) => a.localeCompare(b));
    return JSON.stringify([parts.scope, parts.query.trim().toLowerCase(), parts.limit, parts.minScore, filters]);
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, siteIds: readonly string[], value: T): void {
    const max = this.opts.maxEntries ?? 2000;
    // Map keeps insertion order, so the first key is the oldest entry.
    while (this.entries.size >= max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { siteIds, value, expiresAt: this.now() + (this.opts.ttlSeconds ?? Limits.searchCacheSeconds) });
  }

  /** Drops every answer that involved the site: its own searches and the group searches it belongs to. */
  invalidateSite(siteId: string): void {
    for (const [key, entry] of this.entries) if (entry.siteIds.includes(siteId)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private now(): number {
    return this.opts.clock ? this.opts.clock() : Date.now() / 1000;
  }
}
