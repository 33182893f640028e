// The job queue every kind of background work runs on: jobs are claimed with a lease that the holder renews, failed
// attempts are retried after a backoff until they run out and the job becomes a dead letter, and organisations take
// turns. Work of the service itself (the crawl scheduler's tick, the search outbox drain) is a recurring job: one row
// of its kind, with no organisation, that goes back in the queue after each run. A job about a row (its kind and `ref`)
// waits in the queue once: a second one queued meanwhile is not added, and a job put back while a twin waits is
// dropped, the twin doing the same work (the embedding queue's one job per site). Adapter: adapters/postgres/job-queue-store.ts.

export interface NewJob {
  kind: string;
  /** Whose work it is: organisations take turns. Null for the service's own recurring work. */
  orgId: string | null;
  /** The row the job works on in its kind's own table. */
  ref?: string | null;
  payload?: Record<string, unknown>;
  maxAttempts: number;
  /** Seconds from now before the job may run (0: at once). */
  delaySeconds?: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  orgId: string | null;
  ref: string | null;
  payload: Record<string, unknown>;
  /** Attempts so far, this one included. */
  attempts: number;
  maxAttempts: number;
}

export interface ClaimInput {
  kind: string;
  workerId: string;
  leaseSeconds: number;
  limit: number;
  /** At most this many jobs per organisation, less what `busy` says it already holds. */
  perOrg?: number;
  busy?: Record<string, number>;
  /**
   * The organisation served last: turns go round the organisations from the one after it, so one with a hundred
   * jobs waiting gets one turn, then every other organisation with work gets theirs.
   */
  after?: string | null;
  /** Only this organisation's jobs (a one-shot drain of one organisation's backlog). */
  orgId?: string;
  /** Only this job. */
  jobId?: string;
  /** Only the job about this row of its kind's table (a one-shot run of a crawl just started). */
  ref?: string;
}

export interface FailInput {
  error: string;
  /** When attempts remain: the job runs again this many seconds from now. */
  retryInSeconds: number;
}

export interface DeadJob {
  id: string;
  kind: string;
  orgId: string | null;
  ref: string | null;
  attempts: number;
  lastError: string | null;
  deadAt: Date;
}

export interface JobQueue {
  /** Queues the jobs; returns the ids of those queued (not of one whose twin, same kind and ref, was queued already). */
  enqueue(jobs: NewJob[]): Promise<string[]>;
  /**
   * Takes up to `limit` due jobs of a kind (queued and due, or running with a lapsed lease), counting the attempt; a
   * lapsed job taken back by the worker that held it is not a new attempt (its heartbeat was late, the run goes on).
   * A job whose lease lapsed on its last attempt is never claimed again: buryLapsed makes it a dead letter.
   */
  claim(input: ClaimInput): Promise<ClaimedJob[]>;
  /** Renews the leases this worker still holds; returns the ids it holds (a job missing from them was lost). */
  heartbeat(ids: string[], workerId: string, leaseSeconds: number): Promise<string[]>;
  /** The job is done: it leaves the queue, or with `againInSeconds` (a recurring job) waits that long for its next run. */
  complete(id: string, workerId: string, opts?: { againInSeconds?: number }): Promise<void>;
  /** The attempt failed: retried after `retryInSeconds`, or a dead letter when it was the last. */
  fail(id: string, workerId: string, input: FailInput): Promise<"retry" | "dead">;
  /** Hands a held job back unharmed (a clean stop): due at once, the attempt not counted. */
  release(id: string, workerId: string): Promise<void>;
  /** Makes dead letters of the kind's jobs whose lease lapsed on their last attempt; returns them, so the kind can say so. */
  buryLapsed(kind: string): Promise<DeadJob[]>;
  deadLetters(kind: string, limit: number): Promise<DeadJob[]>;
  /** Deletes dead letters kept longer than `olderThanDays`; returns how many. */
  pruneDead(olderThanDays: number): Promise<number>;
  /** Queues the one row of a recurring kind unless it exists; due at once the first time. */
  ensureRecurring(kind: string): Promise<void>;
  /** Whether a job of the kind other than this one is due (a run that would yield its turn yields only to someone). */
  othersDue(kind: string, exceptId: string): Promise<boolean>;
}
