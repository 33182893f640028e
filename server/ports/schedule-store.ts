// Sites with a recrawl schedule, and the compare-and-set steps that let many scheduler instances share them.
// Adapter: adapters/postgres/schedule-store.ts.
export interface ScheduledSite {
  id: string;
  orgId: string;
  schedule: string;
  nextCrawlAt: Date | null;
  lastCrawledAt: Date | null;
  createdAt: Date;
  staleNotifiedAt: Date | null;
}

export interface ScheduleStore {
  /** Scheduled sites whose next run is at or before `now`, oldest first. */
  due(now: Date, limit: number): Promise<ScheduledSite[]>;
  /** Every site with a schedule (for the stale check). */
  scheduled(): Promise<ScheduledSite[]>;
  /**
   * Moves the site's next run from `seen` to `next` and records the run at `now`, only if nobody did it first:
   * true means this caller owns the run. This is what makes a scheduled crawl start once across instances.
   */
  takeRun(siteId: string, seen: Date, next: Date | null, now: Date): Promise<boolean>;
  /** Records that site.stale was sent, only if nobody recorded it since `seen` was read. */
  takeStaleNotice(siteId: string, seen: Date | null, now: Date): Promise<boolean>;
}
