// The job queue in Postgres: one `jobs` table for every kind. Claims use FOR UPDATE SKIP LOCKED and a lease in the
// row, so any number of processes share the work and a job whose holder died is claimed again once its lease lapses.
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "./database.ts";
import { isUniqueViolation, rows } from "./database.ts";
import { jobs } from "./schema.ts";
import type { ClaimedJob, ClaimInput, DeadJob, FailInput, JobQueue, NewJob } from "../../ports/job-queue.ts";
import { newId } from "../../new-id.ts";

type ClaimedRow = { id: string; kind: string; org_id: string | null; ref: string | null; payload: unknown; attempts: number; max_attempts: number };

/**
 * Inserts jobs with the caller's handle, so a store can queue work in the transaction that writes what it is about. A
 * job whose twin (same kind and ref) is queued already is not inserted (jobs_one_queued_per_ref_idx); only the new
 * jobs' ids come back.
 */
export async function insertJobs(db: Pick<Db, "insert">, input: NewJob[]): Promise<string[]> {
  if (input.length === 0) return [];
  const values = input.map((job) => ({
    id: newId("jq"),
    kind: job.kind,
    orgId: job.orgId,
    ref: job.ref ?? null,
    payload: job.payload ?? {},
    maxAttempts: job.maxAttempts,
    runAt: sql`now() + make_interval(secs => ${job.delaySeconds ?? 0})` as unknown as Date,
  }));
  const inserted = await db.insert(jobs).values(values).onConflictDoNothing().returning({ id: jobs.id });
  return inserted.map((row) => row.id);
}

export class PostgresJobQueue implements JobQueue {
  constructor(private readonly db: Db) {}

  enqueue(input: NewJob[]): Promise<string[]> {
    return insertJobs(this.db, input);
  }

  async claim(input: ClaimInput): Promise<ClaimedJob[]> {
    const { kind, workerId, leaseSeconds, limit } = input;
    const ofOrg = input.orgId === undefined ? sql`` : sql`AND j.org_id = ${input.orgId}`;
    const ofJob = input.jobId === undefined ? sql`` : sql`AND j.id = ${input.jobId}`;
    const ofRef = input.ref === undefined ? sql`` : sql`AND j.ref = ${input.ref}`;
    const perOrg = input.perOrg ?? limit;
    // `turn` numbers each organisation's due jobs oldest first; taking turn 1 of every organisation before any turn 2,
    // starting with the organisation after the one served last, gives them turns across claims of one job as well.
    // The claimable condition is checked again on the locked row, so a job another worker took meanwhile is skipped.
    const claimed = await rows<ClaimedRow>(
      this.db,
      sql`UPDATE jobs SET attempts = attempts + CASE WHEN status = 'running' AND locked_by = ${workerId} THEN 0 ELSE 1 END,
                 status = 'running', locked_by = ${workerId},
                 lease_until = now() + make_interval(secs => ${leaseSeconds})
          WHERE id IN (
            SELECT id FROM jobs
            WHERE kind = ${kind}
              AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_until <= now() AND attempts < max_attempts))
              AND id IN (
                SELECT ranked.id FROM (
                  SELECT j.id, j.org_id, j.run_at,
                         row_number() OVER (PARTITION BY j.org_id ORDER BY j.run_at, j.id) AS turn
                  FROM jobs j
                  WHERE j.kind = ${kind} ${ofOrg} ${ofJob} ${ofRef}
                    AND ((j.status = 'queued' AND j.run_at <= now()) OR (j.status = 'running' AND j.lease_until <= now() AND j.attempts < j.max_attempts))
                ) ranked
                WHERE ranked.turn <= ${perOrg} - COALESCE((${JSON.stringify(input.busy ?? {})}::jsonb ->> ranked.org_id)::int, 0)
                ORDER BY ranked.turn, (ranked.org_id COLLATE "C" <= ${input.after ?? ""} COLLATE "C"), ranked.org_id COLLATE "C", ranked.run_at, ranked.id
                LIMIT ${limit})
            FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, org_id, ref, payload, attempts, max_attempts`,
    );
    return claimed.map((row) => ({
      id: row.id,
      kind: row.kind,
      orgId: row.org_id,
      ref: row.ref,
      payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    }));
  }

  async heartbeat(ids: string[], workerId: string, leaseSeconds: number): Promise<string[]> {
    if (ids.length === 0) return [];
    const held = await this.db
      .update(jobs)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")))
      .returning({ id: jobs.id });
    return held.map((row) => row.id);
  }

  async complete(id: string, workerId: string, opts: { againInSeconds?: number } = {}): Promise<void> {
    const held = and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running"));
    if (opts.againInSeconds === undefined) {
      await this.db.delete(jobs).where(held);
      return;
    }
    await this.requeue(id, workerId, {
      status: "queued",
      attempts: 0,
      runAt: sql`now() + make_interval(secs => ${opts.againInSeconds})`,
      lockedBy: null,
      leaseUntil: null,
      lastError: null,
    });
  }

  async fail(id: string, workerId: string, input: FailInput): Promise<"retry" | "dead"> {
    const last = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
    const status = await this.requeue(id, workerId, {
      status: sql`CASE WHEN ${last} THEN 'dead' ELSE 'queued' END`,
      runAt: sql`now() + make_interval(secs => ${input.retryInSeconds})`,
      deadAt: sql`CASE WHEN ${last} THEN now() END`,
      lastError: input.error.slice(0, 1000),
      lockedBy: null,
      leaseUntil: null,
    });
    return status === "dead" ? "dead" : "retry";
  }

  async release(id: string, workerId: string): Promise<void> {
    await this.requeue(id, workerId, {
      status: "queued",
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAt: sql`now()`,
      lockedBy: null,
      leaseUntil: null,
    });
  }

  /**
   * Puts a held job back in the queue (or among the dead); returns its new status, or null when it was not held. A
   * twin of it (same kind and ref) already queued does the same work: this one is then deleted instead.
   */
  private async requeue(id: string, workerId: string, set: PgUpdateSetSource<typeof jobs>): Promise<string | null> {
    const held = and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running"));
    try {
      const [row] = await this.db.update(jobs).set(set).where(held).returning({ status: jobs.status });
      return row?.status ?? null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.db.delete(jobs).where(held);
      return "merged";
    }
  }

  async othersDue(kind: string, exceptId: string): Promise<boolean> {
    const [row] = await rows<{ due: boolean }>(
      this.db,
      sql`SELECT EXISTS (
            SELECT 1 FROM jobs WHERE kind = ${kind} AND id <> ${exceptId}
              AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_until <= now() AND attempts < max_attempts))
          ) AS due`,
    );
    return row?.due === true;
  }

  async deadLetters(kind: string, limit: number): Promise<DeadJob[]> {
    const found = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.status, "dead")))
      .orderBy(desc(jobs.deadAt))
      .limit(limit);
    return found.map(deadJob);
  }

  async pruneDead(olderThanDays: number): Promise<number> {
    const removed = await this.db
      .delete(jobs)
      .where(and(eq(jobs.status, "dead"), lt(jobs.deadAt, sql`now() - make_interval(days => ${olderThanDays})`)))
      .returning({ id: jobs.id });
    return removed.length;
  }

  async ensureRecurring(kind: string): Promise<void> {
    await this.db
      .insert(jobs)
      .values({ id: recurringId(kind), kind, orgId: null, maxAttempts: RECURRING_ATTEMPTS })
      .onConflictDoNothing();
  }

  /** A job whose holder vanished during its last attempt is not run again: it becomes a dead letter. */
  async buryLapsed(kind: string): Promise<DeadJob[]> {
    const buried = await this.db
      .update(jobs)
      .set({ status: "dead", deadAt: sql`now()`, lastError: LEASE_LAPSED, lockedBy: null })
      .where(and(eq(jobs.kind, kind), eq(jobs.status, "running"), sql`${jobs.leaseUntil} <= now()`, sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
      .returning();
    return buried.map(deadJob);
  }
}

const LEASE_LAPSED = "The lease lapsed on the last attempt.";
/** A recurring job is retried however often its runs fail: the work it does is never given up. */
const RECURRING_ATTEMPTS = 2_147_483_647;
/** One row per recurring kind, whichever process queues it first. */
const recurringId = (kind: string) => `jq_every_${kind}`;

function deadJob(j: typeof jobs.$inferSelect): DeadJob {
  return { id: j.id, kind: j.kind, orgId: j.orgId, ref: j.ref, attempts: j.attempts, lastError: j.lastError, deadAt: j.deadAt! };
}
