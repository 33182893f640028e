// Keeps the planner's statistics of the content tables fresh on embedded PGlite, which has no autovacuum
// daemon: without it, chunks and pages keep the row estimates of an empty table and search plans go wrong
// after a large ingest or crawl. A PostgreSQL server's autovacuum does this by itself.
import { sql } from "drizzle-orm";
import { rows, type Db } from "./database.ts";

export interface StatisticsRefresherOptions {
  /** Wait this long after the last change, so a crawl of many pages analyses once, not per page. */
  quietMs?: number;
  /** And never analyse more often than this. */
  minIntervalMs?: number;
  onError?(error: unknown): void;
}

export class StatisticsRefresher {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastRun = 0;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly opts: StatisticsRefresherOptions = {},
  ) {}

  /** Call after content changed; the ANALYZE runs later, in the background. */
  contentChanged(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    const quiet = this.opts.quietMs ?? 5_000;
    const wait = Math.max(quiet, this.lastRun + (this.opts.minIntervalMs ?? 60_000) - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.refresh().finally(() => (this.running = null));
    }, wait);
    // A pending refresh must not keep a finished process (CLI, tests) alive.
    (this.timer as { unref?: () => void }).unref?.();
  }

  async refresh(): Promise<void> {
    this.lastRun = Date.now();
    try {
      await rows(this.db, sql`ANALYZE chunks, pages`);
    } catch (error) {
      this.opts.onError?.(error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
