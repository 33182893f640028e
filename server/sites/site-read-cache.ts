// Site rows as the public gate and search read them, kept a few seconds: every public request reads its site (a cached
// answer too), and under typing traffic that read was most of the statements queued on embedded PGlite's one thread.

export interface SiteReadCacheOptions {
  /** How long a row is used before it is read again; a change made through this process is seen at once. */
  ttlMs?: number;
  /** Sites remembered at most (the oldest read goes first). */
  maxEntries?: number;
  clock?: () => number;
}

interface Entry<S> {
  row: Promise<S | null>;
  /** Infinity while the read is in flight: concurrent requests for one site share it. */
  expiresAt: number;
}

/**
 * Another instance on the same PostgreSQL sees a settings change after at most `ttlMs` (its search answers are cached
 * for 60 s already); this instance sees it at once, since every change of a site calls invalidate.
 */
export const SITE_READ_CACHE_MS = 5000;

export class SiteReadCache<S> {
  private readonly entries = new Map<string, Entry<S>>();

  constructor(
    private readonly read: (siteId: string) => Promise<S | null>,
    private readonly options: SiteReadCacheOptions = {},
  ) {}

  getById(siteId: string): Promise<S | null> {
    const now = this.now();
    const known = this.entries.get(siteId);
    if (known && known.expiresAt > now) return known.row;
    const entry: Entry<S> = { row: this.read(siteId), expiresAt: Number.POSITIVE_INFINITY };
    this.entries.delete(siteId);
    while (this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(siteId, entry);
    // A failed read is not remembered; a read overtaken by invalidate is answered but not kept.
    entry.row.then(
      () => {
        if (this.entries.get(siteId) === entry) entry.expiresAt = this.now() + (this.options.ttlMs ?? SITE_READ_CACHE_MS);
      },
      () => {
        if (this.entries.get(siteId) === entry) this.entries.delete(siteId);
      },
    );
    return entry.row;
  }

  /** The site's settings changed, or it was deleted: the next request reads it again. */
  invalidate(siteId: string): void {
    this.entries.delete(siteId);
  }

  private now(): number {
    return this.options.clock ? this.options.clock() : performance.now();
  }
}
