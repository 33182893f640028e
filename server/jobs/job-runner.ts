// Runs one kind of job from the job queue through its handler: a continuous pool (a slot freed by one job is refilled
// at once), organisations taking turns and holding at most `perOrg` slots, leases renewed while jobs run, and each
// outcome recorded: done, retried after the handler's backoff, or kept as a dead letter once attempts run out. A
// recurring kind (`everySeconds`) has one row with no organisation that goes back in the queue after each run.
import type { Logger } from "../logger.ts";
import type { ClaimedJob, DeadJob, JobQueue } from "../ports/job-queue.ts";
import { PollLoop } from "./poll-loop.ts";

export interface JobHandler {
  kind: string;
  /** How long a claim holds a job; renewed every third of it while the job runs. */
  leaseSeconds: number;
  /** Seconds before the next attempt after `failedAttempts` failed ones. */
  retryInSeconds(failedAttempts: number): number;
  /** Does the job; a throw is a failed attempt. The signal aborts when the lease is lost or the runner is interrupted. */
  run(job: ClaimedJob, signal: AbortSignal): Promise<void>;
  /**
   * Asked after a run that succeeded: undefined when the job is done, or seconds until it runs again when the run did
   * part of its work; it then goes back in the queue behind the jobs queued before it (a turn given to other work).
   */
  againInSeconds?(job: ClaimedJob): number | undefined;
  /**
   * Told of a job given up: its attempts failed (`failed`) or its holder vanished during the last one (`lapsed`), so
   * the kind's own row can say so.
   */
  gaveUp?(job: DeadJob, why: "failed" | "lapsed"): Promise<void>;
  /** A recurring kind: its one row runs again this many seconds after each run ends. */
  everySeconds?: number;
}

export interface JobRunnerOptions {
  queue: JobQueue;
  handler: JobHandler;
  workerId: string;
  log: Logger;
  /** Jobs in flight at once, in all and per organisation. */
  concurrency: number;
  perOrg?: number;
  /** How often the queue is looked at when nothing calls wake() (jobs queued by other processes, retries). */
  pollMs?: number;
}

interface Running {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
}

/** The organisation last in this claim's round, counted from the one served before: the next round starts after it. */
function lastServed(after: string | null, orgIds: string[]): string | null {
  const sorted = [...new Set(orgIds)].sort();
  const round = [...sorted.filter((o) => after === null || o > after), ...sorted.filter((o) => after !== null && o <= after)];
  return round.at(-1) ?? after;
}

export class JobRunner {
  private readonly loop: PollLoop;
  private readonly running = new Map<string, Running>();
  private readonly busy = new Map<string, number>();
  private after: string | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private interrupting = false;
  private handingBack = true;
  /** A recurring kind's row being queued by start(); a stop meanwhile keeps the loop from starting after it. */
  private starting: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.loop = new PollLoop(() => this.fill(), { name: `${options.handler.kind} jobs`, pollMs: options.pollMs ?? 1000, log: options.log });
  }

  get workerId(): string {
    return this.options.workerId;
  }

  start(): void {
    const { queue, handler, log } = this.options;
    this.stopped = false;
    if (handler.everySeconds === undefined) this.loop.start();
    else
      this.starting = queue.ensureRecurring(handler.kind).then(
        () => void (this.stopped || this.loop.start()),
        (error) => log.error("could not queue a recurring job; it does not run in this process", { kind: handler.kind, error }),
      );
  }

  wake(): void {
    this.loop.wake();
  }

  /**
   * Stops claiming and waits for the jobs in flight. `interrupt` aborts them first and hands their jobs back, due at
   * once for another worker, as a clean stop of a process does with long jobs; with `handBack: false` their leases
   * are left to lapse instead, as when a process dies.
   */
  async stop(opts: { interrupt?: boolean; handBack?: boolean; reason?: unknown } = {}): Promise<void> {
    this.stopped = true;
    await this.starting;
    await this.loop.stop();
    const running = [...this.running.values()];
    this.interrupting = opts.interrupt === true;
    this.handingBack = opts.handBack !== false;
    if (opts.interrupt) for (const r of running) r.controller.abort(opts.reason ?? new Error("The worker is stopping."));
    await Promise.all(running.map((r) => r.done));
    this.interrupting = false;
    this.handingBack = true;
  }

  /** Stops one job this process is running (its handler sees the signal abort). */
  abort(jobId: string, reason: unknown): void {
    this.running.get(jobId)?.controller.abort(reason);
  }

  /**
   * Runs the jobs due now (up to `limit`, in organisations' turns), or only one organisation's or one job, and waits
   * for them; returns how many. For tests and one-shot runs: on a shared database other organisations' may be due too.
   */
  async drainOnce(opts: { limit?: number; orgId?: string; jobId?: string; ref?: string } = {}): Promise<number> {
    const due = await this.claim(opts.limit ?? this.options.concurrency, opts);
    await Promise.all(due.map((job) => this.launch(job)));
    return due.length;
  }

  /** Claims for every free slot; the loop goes again when a job ends (it wakes the loop), or at the next poll. */
  private async fill(): Promise<boolean> {
    const { queue, handler } = this.options;
    for (const job of await queue.buryLapsed(handler.kind)) await this.tellGaveUp(job, "lapsed");
    const free = this.options.concurrency - this.running.size;
    // A job of ours whose lease lapsed under load (a late heartbeat) can come back to us: the run we have goes on.
    if (free > 0) for (const job of await this.claim(free)) if (!this.running.has(job.id)) void this.launch(job);
    return false;
  }

  private async claim(limit: number, only: { orgId?: string; jobId?: string; ref?: string } = {}): Promise<ClaimedJob[]> {
    const { queue, handler, workerId } = this.options;
    const claimed = await queue.claim({
      kind: handler.kind,
      workerId,
      leaseSeconds: handler.leaseSeconds,
      limit,
      perOrg: this.options.perOrg ?? this.options.concurrency,
      busy: Object.fromEntries(this.busy),
      after: this.after,
      ...only,
    });
    this.after = lastServed(
      this.after,
      claimed.flatMap((j) => (j.orgId === null ? [] : [j.orgId])),
    );
    return claimed;
  }

  /** Runs one job, counted in flight for its organisation until its outcome is recorded; then wakes the loop. */
  private launch(job: ClaimedJob): Promise<void> {
    const controller = new AbortController();
    const org = job.orgId ?? "";
    this.busy.set(org, (this.busy.get(org) ?? 0) + 1);
    const done = this.settle(job, controller.signal).finally(() => {
      const left = (this.busy.get(org) ?? 1) - 1;
      if (left > 0) this.busy.set(org, left);
      else this.busy.delete(org);
      this.running.delete(job.id);
      if (this.running.size === 0) this.stopHeartbeat();
      this.loop.wake();
    });
    this.running.set(job.id, { job, controller, done });
    this.startHeartbeat();
    return done;
  }

  private async settle(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const { queue, handler, workerId, log } = this.options;
    try {
      await handler.run(job, signal);
      await queue.complete(job.id, workerId, { againInSeconds: handler.againInSeconds?.(job) ?? handler.everySeconds });
    } catch (error) {
      if (signal.aborted && this.interrupting) {
        // Interrupted by a stop: the job goes back unharmed for another worker, or its lease lapses as if we died.
        if (this.handingBack) await queue.release(job.id, workerId).catch((e) => log.warn("could not hand a job back", { jobId: job.id, error: e }));
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await queue
        .fail(job.id, workerId, { error: message, retryInSeconds: handler.retryInSeconds(job.attempts) })
        .catch((e) => log.error("could not record a failed job", { jobId: job.id, error: e }));
      if (outcome !== "dead") return;
      log.warn("job gave up", { kind: job.kind, jobId: job.id, ref: job.ref, attempts: job.attempts, error: message });
      await this.tellGaveUp({ ...job, lastError: message, deadAt: new Date() }, "failed");
    }
  }

  private async tellGaveUp(job: DeadJob, why: "failed" | "lapsed"): Promise<void> {
    await this.options.handler.gaveUp?.(job, why).catch((error) => this.options.log.error("could not record a job given up", { jobId: job.id, error }));
  }

  /** Renews the leases of the jobs in flight; a job whose lease was lost (another worker took it) is aborted here. */
  private startHeartbeat(): void {
    if (this.heartbeat) return;
    const { queue, handler, workerId, log } = this.options;
    this.heartbeat = setInterval(
      () => {
        const ids = [...this.running.keys()];
        queue
          .heartbeat(ids, workerId, handler.leaseSeconds)
          .then((held) => {
            for (const id of ids) if (!held.includes(id)) this.running.get(id)?.controller.abort(new Error("The job's lease was lost."));
          })
          .catch((error) => log.warn("could not renew job leases", { kind: handler.kind, error }));
      },
      Math.max(100, (handler.leaseSeconds * 1000) / 3),
    );
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
