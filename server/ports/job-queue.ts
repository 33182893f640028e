// The job queue every kind of background work runs on: jobs are claimed with a lease that the holder renews, failed
// attempts are retried after a backoff until they run out and the job becomes a dead letter, and organisations take
// turns. Adapter: adapters/postgres/job-queue-store.ts.

export interface NewJob {
  kind: string;
  orgId: string;
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
  orgId: string;
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
}

export interface FailInput {
  error: string;
  /** When attempts remain: the job runs again this many seconds from now. */
  retryInSeconds: number;
}

export interface DeadJob {
  id: string;
  kind: string;
  orgId: string;
  ref: string | null;
  attempts: number;
  lastError: string | null;
  deadAt: Date;
}

export interface JobQueue {
  enqueue(jobs: NewJob[]): Promise<string[]>;
  /**
   * Takes up to `limit` due jobs of a kind (queued and due, or running with a lapsed lease), counting the attempt.
   * A job whose lease lapsed on its last attempt is made a dead letter instead of being claimed again.
   */
  claim(input: ClaimInput): Promise<ClaimedJob[]>;
  /** Renews the leases this worker still holds; returns the ids it holds (a job missing from them was lost). */
  heartbeat(ids: string[], workerId: string, leaseSeconds: number): Promise<string[]>;
  /** The job is done: it leaves the queue. */
  complete(id: string, workerId: string): Promise<void>;
  /** The attempt failed: retried after `retryInSeconds`, or a dead letter when it was the last. */
  fail(id: string, workerId: string, input: FailInput): Promise<"retry" | "dead">;
  /** Hands a held job back unharmed (a clean stop): due at once, the attempt not counted. */
  release(id: string, workerId: string): Promise<void>;
  deadLetters(kind: string, limit: number): Promise<DeadJob[]>;
}
