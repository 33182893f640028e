// Claims crawl jobs from the database and runs them, a few at a time. Any number of workers, in any number of
// processes, may share one database: claims use FOR UPDATE SKIP LOCKED and a lease the runner keeps renewing.
import type { CrawlJobRow, CrawlJobStore } from "../ports/crawl-job-store.ts";
import type { SiteStore } from "../ports/site-store.ts";
import type { Logger } from "../logger.ts";
import { CrawlStopped } from "./crawl-progress.ts";
import { runCrawlJob, type CrawlRunnerDeps, type RunOutcome } from "./crawl-runner.ts";

export interface CrawlWorkerOptions {
  runner: Omit<CrawlRunnerDeps, "workerId">;
  workerId: string;
  jobsPerWorker: number;
  maxAttempts: number;
  /** How often the database is asked for work when nobody calls wake() (jobs created by other processes). */
  pollMs?: number;
  /** Closes what the runner's fetchers hold open (the Chromium browser). */
  onStopped?(): Promise<void>;
}

interface RunningJob {
  controller: AbortController;
  done: Promise<RunOutcome | null>;
}

export class CrawlWorker {
  private readonly running = new Map<string, RunningJob>();
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private readonly jobs: CrawlJobStore;
  private readonly sites: SiteStore;
  private readonly log: Logger;

  constructor(private readonly options: CrawlWorkerOptions) {
    this.jobs = options.runner.jobs;
    this.sites = options.runner.sites;
    this.log = options.runner.log;
  }

  get id(): string {
    return this.options.workerId;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  /** A job was created in this process: look for it now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops a job this process is running at once (DELETE /api/jobs/:id); other processes notice at their next heartbeat. */
  cancel(jobId: string): void {
    this.running.get(jobId)?.controller.abort(new CrawlStopped("The job was cancelled."));
  }

  /**
   * Stops claiming and interrupts running jobs. By default their leases are handed back so another worker resumes
   * them at once; `release: false` leaves them to be taken over when the lease expires, as when a process dies.
   */
  async stop(opts: { release?: boolean } = {}): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
    const running = [...this.running.entries()];
    for (const [, job] of running) job.controller.abort(new CrawlStopped("The worker is stopping."));
    await Promise.all(running.map(([, job]) => job.done));
    if (opts.release !== false) {
      await Promise.all(
        running.map(([jobId]) => this.jobs.release(jobId, this.id).catch((error) => this.log.warn("could not release crawl job", { jobId, error }))),
      );
    }
    await this.options.onStopped?.();
  }

  /**
   * Claims one job (the oldest, or the one named) and runs it to its end; null when none is waiting. For tests,
   * benchmarks and one-shot runs: naming the job keeps one caller from running another's on a shared database.
   */
  async runOnce(jobId?: string): Promise<RunOutcome | null> {
    await this.failAbandoned();
    const job = await this.jobs.claim(this.id, this.options.runner.leaseSeconds, jobId);
    return job ? this.launch(job) : null;
  }

  private launch(job: CrawlJobRow): Promise<RunOutcome | null> {
    const controller = new AbortController();
    const done = runCrawlJob(job, { ...this.options.runner, workerId: this.id }, controller.signal)
      .then((outcome) => {
        this.log.info("crawl job ended", { jobId: job.id, siteId: job.siteId, outcome });
        return outcome;
      })
      .catch((error) => {
        // The runner records its own failures; this is the database failing under it. The lease will expire.
        this.log.error("crawl job could not be run", { jobId: job.id, error });
        return null;
      })
      .finally(() => {
        this.running.delete(job.id);
        this.wakeUp?.();
      });
    this.running.set(job.id, { controller, done });
    return done;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      await this.failAbandoned();
      while (!this.stopping && this.running.size < this.options.jobsPerWorker) {
        const job = await this.jobs.claim(this.id, this.options.runner.leaseSeconds).catch((error) => {
          this.log.error("could not claim a crawl job", { error });
          return null;
        });
        if (!job) break;
        void this.launch(job);
      }
      if (this.stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs ?? 5000);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /** Jobs whose workers kept dying are failed with a reason, and their sites show it, instead of staying running forever. */
  private async failAbandoned(): Promise<void> {
    try {
      for (const job of await this.jobs.failAbandoned(this.options.maxAttempts)) {
        const site = await this.sites.getById(job.siteId);
        if (site) await this.sites.update(site.orgId, site.id, { status: "error", lastError: job.lastError });
        this.log.warn("crawl job abandoned", { jobId: job.id, attempts: job.attempts });
      }
    } catch (error) {
      this.log.error("could not fail abandoned crawl jobs", { error });
    }
  }
}
