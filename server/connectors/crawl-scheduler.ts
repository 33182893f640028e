// Starts scheduled recrawls and reports stale sites. The tick is a recurring job of the job queue (kind
// `crawl-schedule`), so one process at a time runs it however many run background work; the store's compare-and-set
// on next_crawl_at still means each scheduled run starts one crawl should two ticks ever overlap.
import { JobRunner } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";
import type { JobQueue } from "../ports/job-queue.ts";
import type { ScheduleStore } from "../ports/schedule-store.ts";
import { isStale, nextRunAfter } from "./crawl-schedule.ts";

export interface CrawlSchedulerDeps {
  store: ScheduleStore;
  /** Queues a crawl of the site; resolves false when one is already pending or running (that run is then skipped). */
  startCrawl(orgId: string, siteId: string): Promise<boolean>;
  /** site.stale webhook event. */
  onStale(site: { orgId: string; siteId: string; lastCrawledAt: Date | null; schedule: string }): Promise<void>;
  log: Logger;
  queue: JobQueue;
  /** Names this process in the lease of the tick it runs. */
  workerId: string;
  clock?: () => Date;
  /** How often due schedules are looked for; a crawl starts at most this late. */
  pollMs?: number;
}

export const crawlScheduleJobKind = "crawl-schedule";

export class CrawlScheduler {
  private readonly runner: JobRunner;

  constructor(private readonly deps: CrawlSchedulerDeps) {
    const everyMs = deps.pollMs ?? 30_000;
    this.runner = new JobRunner({
      queue: deps.queue,
      handler: {
        kind: crawlScheduleJobKind,
        leaseSeconds: 120,
        everySeconds: everyMs / 1000,
        retryInSeconds: () => everyMs / 1000,
        run: async () => void (await this.tick()),
      },
      workerId: deps.workerId,
      log: deps.log,
      concurrency: 1,
      pollMs: everyMs,
    });
  }

  start(): void {
    this.runner.start();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** One pass: start due crawls, then report sites gone stale. Returns the sites whose crawl this call started. */
  async tick(now: Date = this.deps.clock?.() ?? new Date()): Promise<{ started: string[]; stale: string[] }> {
    const started: string[] = [];
    for (const site of await this.deps.store.due(now, 50)) {
      if (!site.schedule || !site.nextCrawlAt) continue;
      // The next run counts from now, so a scheduler that was down does not fire every missed run at once.
      const next = nextRunAfter(site.schedule, now);
      if (!(await this.deps.store.takeRun(site.id, site.nextCrawlAt, next, now))) continue;
      if (await this.deps.startCrawl(site.orgId, site.id)) started.push(site.id);
      else this.deps.log.info("scheduled crawl skipped: one is already running", { siteId: site.id });
    }
    const stale: string[] = [];
    for (const site of await this.deps.store.scheduled()) {
      if (!isStale(site.schedule, site.lastCrawledAt, site.createdAt, now)) continue;
      // One notice per stale spell: a success after the last notice starts a new spell.
      const noticed = site.staleNotifiedAt !== null && (site.lastCrawledAt === null || site.staleNotifiedAt >= site.lastCrawledAt);
      if (noticed || !(await this.deps.store.takeStaleNotice(site.id, site.staleNotifiedAt, now))) continue;
      await this.deps.onStale({ orgId: site.orgId, siteId: site.id, lastCrawledAt: site.lastCrawledAt, schedule: site.schedule });
      stale.push(site.id);
    }
    return { started, stale };
  }
}
