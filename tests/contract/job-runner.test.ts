// The job runner over the job queue on the database under test: organisations take turns across claims, a failing
// job is retried then kept as a dead letter, a heartbeat keeps a long job with one worker, and a stop that
// interrupts hands the job back. Each test uses a kind of its own, so no other file's jobs are run.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "../../server/adapters/postgres/database.ts";
import { AccountStore } from "../../server/adapters/postgres/account-store.ts";
import { PostgresJobQueue } from "../../server/adapters/postgres/job-queue-store.ts";
import { JobRunner, type JobHandler } from "../../server/jobs/index.ts";
import { createLogger } from "../../server/logger.ts";
import type { ClaimedJob } from "../../server/ports/job-queue.ts";
import { openMigratedDatabase } from "../fixtures/pglite-image.ts";

let database: Database;
let queue: PostgresJobQueue;
const log = createLogger("error");

beforeAll(async () => {
  database = await openMigratedDatabase(process.env.DATABASE_URL);
  queue = new PostgresJobQueue(database.db);
}, 60_000);
afterAll(async () => {
  await database.close();
});

const newOrg = async () => (await new AccountStore(database.db).createOrganisation({ name: "runner test", plan: "pro" })).id;

function handler(kind: string, run: (job: ClaimedJob, signal: AbortSignal) => Promise<void>, leaseSeconds = 30): JobHandler {
  return { kind, leaseSeconds, retryInSeconds: () => 0.1, run };
}

/** A runner whose one job has started and runs until the runner's stop interrupts it. */
async function runningUntilStopped(kind: string, leaseSeconds = 30): Promise<JobRunner> {
  let started = false;
  const run = async (_job: ClaimedJob, signal: AbortSignal) => {
    started = true;
    await new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
  };
  const runner = new JobRunner({ queue, handler: handler(kind, run, leaseSeconds), workerId: "r1", log, concurrency: 1 });
  runner.start();
  await until(() => started);
  return runner;
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !check() && Date.now() < end; ) await Bun.sleep(20);
}

describe("job runner", () => {
  test("with one slot, serves an organisation with one job second, not after another's hundred", async () => {
    const kind = `test-${crypto.randomUUID()}`;
    const x = await newOrg();
    await Bun.sleep(5);
    const y = await newOrg();
    await queue.enqueue(Array.from({ length: 100 }, () => ({ kind, orgId: x, maxAttempts: 3 })));
    await queue.enqueue([{ kind, orgId: y, maxAttempts: 3 }]);
    const served: string[] = [];
    const runner = new JobRunner({ queue, handler: handler(kind, async (job) => void served.push(job.orgId!)), workerId: "r1", log, concurrency: 1 });
    runner.start();
    await until(() => served.length >= 4);
    await runner.stop();
    expect(served.slice(0, 2).sort()).toEqual([x, y].sort());
  }, 30_000);

  test("puts a job whose run did part of its work back behind the jobs queued before it, until a run finishes it", async () => {
    const kind = `test-${crypto.randomUUID()}`;
    const orgId = await newOrg();
    const [a] = await queue.enqueue([{ kind, orgId, ref: "a", maxAttempts: 3 }]);
    await Bun.sleep(5);
    const [b] = await queue.enqueue([{ kind, orgId, ref: "b", maxAttempts: 3 }]);
    const served: string[] = [];
    const left = new Map([
      [a!, 3],
      [b!, 1],
    ]);
    const runner = new JobRunner({
      queue,
      handler: {
        ...handler(kind, async (job) => void served.push(job.ref!)),
        againInSeconds: (job) => {
          left.set(job.id, left.get(job.id)! - 1);
          return left.get(job.id)! > 0 ? 0 : undefined;
        },
      },
      workerId: "r1",
      log,
      concurrency: 1,
    });
    while ((await runner.drainOnce({ limit: 1 })) > 0);
    expect(served).toEqual(["a", "b", "a", "a"]);
    expect(await queue.claim({ kind, workerId: "r2", leaseSeconds: 30, limit: 5 })).toEqual([]);
  }, 30_000);

  test("retries a failing job after its backoff, then keeps it as a dead letter", async () => {
    const kind = `test-${crypto.randomUUID()}`;
    const orgId = await newOrg();
    const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 3 }]);
    const attempts: number[] = [];
    const gaveUp: string[] = [];
    const runner = new JobRunner({
      queue,
      handler: {
        ...handler(kind, async (job) => {
          attempts.push(job.attempts);
          throw new Error(`refused ${job.attempts}`);
        }),
        gaveUp: async (job, why) => void gaveUp.push(`${job.id} ${why} ${job.lastError}`),
      },
      workerId: "r1",
      log,
      concurrency: 2,
      pollMs: 50,
    });
    runner.start();
    await until(() => attempts.length >= 3);
    await Bun.sleep(300);
    await runner.stop();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await queue.deadLetters(kind, 5)).toMatchObject([{ id: id!, attempts: 3, lastError: "refused 3" }]);
    expect(gaveUp).toEqual([`${id} failed refused 3`]);
  }, 30_000);

  test("stopped as if its process died, leaves the job to be taken over when its lease lapses, as a new attempt", async () => {
    const kind = `test-${crypto.randomUUID()}`;
    const orgId = await newOrg();
    const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 3 }]);
    const runner = await runningUntilStopped(kind, 2);
    await runner.stop({ interrupt: true, handBack: false });
    expect(await queue.claim({ kind, workerId: "r2", leaseSeconds: 30, limit: 1 })).toEqual([]);
    await Bun.sleep(2500);
    expect(await queue.claim({ kind, workerId: "r2", leaseSeconds: 30, limit: 1 })).toMatchObject([{ id: id!, attempts: 2 }]);
  }, 30_000);

  test("tells the handler of a job whose holder vanished during its last attempt, and never runs it", async () => {
    const kind = `test-${crypto.randomUUID()}`;
    const orgId = await newOrg();
    const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 1 }]);
    // A worker that claims the job and dies: its lease lapses.
    await queue.claim({ kind, workerId: "gone", leaseSeconds: 0.2, limit: 1 });
    await Bun.sleep(400);
    const gaveUp: string[] = [];
    let ran = false;
    const runner = new JobRunner({
      queue,
      handler: { ...handler(kind, async () => void (ran = true)), gaveUp: async (job, why) => void gaveUp.push(`${job.id} ${why}`) },
      workerId: "r1",
      log,
      concurrency: 1,
      pollMs: 50,
    });
    runner.start();
    await until(() => gaveUp.length > 0);
    await runner.stop();
    expect(gaveUp).toEqual([`${id} lapsed`]);
    expect(ran).toBe(false);
  }, 30_000);

  test("runs a recurring job in one process at a time, and again after its interval", async () => {
    const kind = `test-${crypto.randomUUID()}`;
    const runs: Array<{ worker: string; start: number; end: number }> = [];
    const recurring = (worker: string) =>
      new JobRunner({
        queue,
        handler: {
          ...handler(kind, async () => {
            const start = Date.now();
            await Bun.sleep(150);
            runs.push({ worker, start, end: Date.now() });
          }),
          everySeconds: 0.2,
        },
        workerId: worker,
        log,
        concurrency: 1,
        pollMs: 30,
      });
    const runners = [recurring("r1"), recurring("r2"), recurring("r3")];
    for (const r of runners) r.start();
    await until(() => runs.length >= 4);
    await Promise.all(runners.map((r) => r.stop()));
    const sorted = runs.sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end + 150);
  }, 30_000);

  test("renews the lease of a job that outlasts it, so a second worker never runs it too", async () => {
    const kind = `test-${crypto.randomUUID()}`;
    const orgId = await newOrg();
    await queue.enqueue([{ kind, orgId, maxAttempts: 3 }]);
    const runs: string[] = [];
    const slow = (worker: string) =>
      handler(
        kind,
        async () => {
          runs.push(worker);
          await Bun.sleep(4000);
        },
        // Heartbeats every half second: a loaded machine's event-loop stalls stay well inside the lease.
        1.5,
      );
    const first = new JobRunner({ queue, handler: slow("r1"), workerId: "r1", log, concurrency: 1, pollMs: 50 });
    const second = new JobRunner({ queue, handler: slow("r2"), workerId: "r2", log, concurrency: 1, pollMs: 50 });
    first.start();
    await until(() => runs.length > 0);
    second.start();
    await Bun.sleep(4300);
    await Promise.all([first.stop(), second.stop()]);
    expect(runs).toEqual(["r1"]);
  }, 30_000);

  test("interrupted by a stop, hands the job back due at once with its attempt not counted", async () => {
    const kind = `test-${crypto.randomUUID()}`;
    const orgId = await newOrg();
    const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 3 }]);
    const runner = await runningUntilStopped(kind);
    await runner.stop({ interrupt: true });
    expect(await queue.claim({ kind, workerId: "r2", leaseSeconds: 30, limit: 1 })).toMatchObject([{ id: id!, attempts: 1 }]);
  }, 30_000);
});
