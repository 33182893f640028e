// Scheduled sites in Postgres: reads of due and scheduled sites, and conditional updates (compare-and-set on the
// value read) so of several instances ticking at once exactly one takes each run and each stale notice.
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { sites } from "./schema.ts";
import type { ScheduledSite, ScheduleStore } from "../../ports/schedule-store.ts";

const columns = {
  id: sites.id,
  orgId: sites.orgId,
  schedule: sql<string>`${sites.crawlerConfig}->>'schedule'`,
  nextCrawlAt: sites.nextCrawlAt,
  lastCrawledAt: sites.lastCrawledAt,
  createdAt: sites.createdAt,
  staleNotifiedAt: sites.staleNotifiedAt,
};

export class PostgresScheduleStore implements ScheduleStore {
  constructor(private readonly db: Db) {}

  due(now: Date, limit: number): Promise<ScheduledSite[]> {
    return this.db.select(columns).from(sites).where(lte(sites.nextCrawlAt, now)).orderBy(asc(sites.nextCrawlAt)).limit(limit);
  }

  scheduled(): Promise<ScheduledSite[]> {
    return this.db.select(columns).from(sites).where(isNotNull(sites.nextCrawlAt));
  }

  async takeRun(siteId: string, seen: Date, next: Date | null, now: Date): Promise<boolean> {
    const taken = await this.db
      .update(sites)
      .set({ nextCrawlAt: next, lastScheduledAt: now })
      .where(and(eq(sites.id, siteId), eq(sites.nextCrawlAt, seen)))
      .returning({ id: sites.id });
    return taken.length > 0;
  }

  async takeStaleNotice(siteId: string, seen: Date | null, now: Date): Promise<boolean> {
    const taken = await this.db
      .update(sites)
      .set({ staleNotifiedAt: now })
      .where(and(eq(sites.id, siteId), seen === null ? sql`${sites.staleNotifiedAt} IS NULL` : eq(sites.staleNotifiedAt, seen)))
      .returning({ id: sites.id });
    return taken.length > 0;
  }
}
