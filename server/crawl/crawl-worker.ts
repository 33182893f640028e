// Runs crawl jobs from the job queue, a few at a time: the queue's job runner claims them (organisations taking turns),
// renews their leases and retries a run the database failed under; this handler starts the crawl job's attempt and
// runs it. Any number of workers, in any number of processes, may share one database.
import { JobRunner, type JobHandler } from "../jobs/index.ts";
import type { Logger } from "../logger.ts";
import { crawlJobKind, type CrawlJobStore } from "../ports/crawl-job-store.ts";
import type { ClaimedJob, DeadJob, JobQueue } from "../ports/job-queue.ts";
import type { SiteStore } from "../ports/site-store.ts";
import { CrawlStopped } from "./crawl-progress.ts";
import { runCrawlJob, type CrawlRunnerDeps, type RunOutcome } from "./crawl-runner.ts";

export interface CrawlWorkerOptions {
  runner: Omit<CrawlRunnerDeps, "workerId">;
  queue: JobQueue;
  workerId: string;
  jobsPerWorker: number;
  /** How often the queue is looked at when nobody calls wake() (jobs created by other processes). */
  pollMs?: number;
  /** Closes what the runner's fetchers hold open (the Chromium browser). */
  onStopped?(): Promise<void>;
}

/** Seconds before a run the database failed under is tried again: 5, 10, 20 … at most five minutes. */
const retryInSeconds = (failed: number) => Math.min(300, 5 * 2 ** (failed - 1));

export class CrawlWorker {
  private readonly runner: JobRunner;
  /** The attempts this process runs, by crawl job: a cancel stops one at once. */
  private readonly running = new Map<string, AbortController>();
  /** How each crawl job's last attempt here ended, for runOnce. */
  private readonly outcomes = new Map<string, RunOutcome>();
  private lastOutcome: RunOutcome | null = null;
  private readonly jobs: CrawlJobStore;
  private readonly sites: SiteStore;
  private readonly log: Logger;

  constructor(private readonly options: CrawlWorkerOptions) {
    this.jobs = options.runner.jobs;
    this.sites = options.runner.sites;
    this.log = options.runner.log;
    const handler: JobHandler = {
      kind: crawlJobKind,
      leaseSeconds: options.runner.leaseSeconds,
      retryInSeconds,
      run: (job, signal) => this.run(job, signal),
      gaveUp: (job, why) => this.gaveUp(job, why),
    };
    this.runner = new JobRunner({
      queue: options.queue,
      handler,
      workerId: options.workerId,
      log: this.log,
      concurrency: options.jobsPerWorker,
      pollMs: options.pollMs ?? 5000,
    });
  }

  get id(): string {
    return this.options.workerId;
  }

  start(): void {
    this.runner.start();
  }

  /** A job was created in this process: look for it now rather than at the next poll. */
  wake(): void {
    this.runner.wake();
  }

  /** Stops a job this process is running at once (DELETE /api/jobs/:id); other processes notice at their next heartbeat. */
  cancel(jobId: string): void {
    this.running.get(jobId)?.abort(new CrawlStopped("The job was cancelled."));
  }

  /**
   * Stops claiming and interrupts running jobs. By default their jobs are handed back so another worker resumes them
   * at once; `release: false` leaves them to be taken over when the lease lapses, as when a process dies.
   */
  async stop(opts: { release?: boolean } = {}): Promise<void> {
    await this.runner.stop({ interrupt: true, handBack: opts.release !== false, reason: new CrawlStopped("The worker is stopping.") });
    await this.options.onStopped?.();
  }

  /**
   * Claims one job (the next in organisations' turns, or the one named) and runs it to its end; null when none was
   * run. For tests, benchmarks and one-shot runs: naming the job keeps one caller from running another's on a shared database.
   */
  async runOnce(jobId?: string): Promise<RunOutcome | null> {
    this.lastOutcome = null;
    await this.runner.drainOnce({ limit: 1, ref: jobId });
    const outcome = jobId === undefined ? this.lastOutcome : (this.outcomes.get(jobId) ?? null);
    if (jobId !== undefined) this.outcomes.delete(jobId);
    return outcome;
  }

  /** One attempt; throws when it was interrupted or lost its lease, so the queue hands the job on instead of ending it. */
  private async run(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const crawlJob = job.ref === null ? null : await this.jobs.start(job.ref, this.id, job.attempts);
    // Cancelled, ended or deleted since it was queued: the queue's job is done.
    if (!crawlJob) return;
    const controller = new AbortController();
    const stop = () => controller.abort(signal.reason);
    // A stop or a lost lease while the attempt was being started has already aborted the signal: no event comes.
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    this.running.set(crawlJob.id, controller);
    try {
      const outcome = await runCrawlJob(crawlJob, { ...this.options.runner, workerId: this.id }, controller.signal);
      this.log.info("crawl job ended", { jobId: crawlJob.id, siteId: crawlJob.siteId, outcome });
      this.lastOutcome = outcome;
      this.outcomes.set(crawlJob.id, outcome);
      if (outcome === "stopped" && signal.aborted) throw signal.reason;
    } finally {
      signal.removeEventListener("abort", stop);
      this.running.delete(crawlJob.id);
    }
  }

  /** A job whose workers kept dying, or whose runs kept failing, is failed with a reason its site shows. */
  private async gaveUp(job: DeadJob, why: "failed" | "lapsed"): Promise<void> {
    if (job.ref === null) return;
    const reason =
      why === "lapsed"
        ? `The crawl was interrupted ${job.attempts} times (worker stopped or restarted) and was given up.`
        : `The crawl could not be run (${job.lastError ?? "unknown error"}) and was given up after ${job.attempts} attempts.`;
    const abandoned = await this.jobs.abandon(job.ref, reason);
    if (!abandoned) return;
    const site = await this.sites.getById(abandoned.siteId);
    if (site) {
      await this.sites.update(site.orgId, site.id, { status: "error", lastError: reason });
      // As when a run fails: readers of the site (and their caches) learn of its new status at once.
      this.options.runner.siteEvents.publish({ kind: "content-changed", siteId: site.id });
    }
    this.log.warn("crawl job abandoned", { jobId: abandoned.id, attempts: job.attempts, why });
  }
}
