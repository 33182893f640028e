// The job queue on the database under test (PGlite, or PostgreSQL with DATABASE_URL): a lapsed lease is claimed
// again, a heartbeat keeps it, failed attempts back off and end as a dead letter, and organisations take turns.
// Each test uses a kind of its own, so other files sharing the database never claim its jobs nor it theirs.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { rows, type Database } from "../../server/adapters/postgres/database.ts";
import { AccountStore } from "../../server/adapters/postgres/account-store.ts";
import { PostgresJobQueue } from "../../server/adapters/postgres/job-queue-store.ts";
import { jobs } from "../../server/adapters/postgres/schema.ts";
import { openMigratedDatabase } from "../fixtures/pglite-image.ts";

let database: Database;
let queue: PostgresJobQueue;

beforeAll(async () => {
  database = await openMigratedDatabase(process.env.DATABASE_URL);
  queue = new PostgresJobQueue(database.db);
}, 60_000);
afterAll(async () => {
  await database.close();
});

const newOrg = async () => (await new AccountStore(database.db).createOrganisation({ name: "queue test", plan: "pro" })).id;
const newKind = () => `test-${crypto.randomUUID()}`;
const secondsLeft = async (id: string, column: "lease_until" | "run_at") =>
  Number((await rows<{ s: number | string }>(database.db, sql`SELECT EXTRACT(EPOCH FROM ${sql.raw(column)} - now()) AS s FROM jobs WHERE id = ${id}`))[0]!.s);

describe("job queue", () => {
  describe("a claimed job", () => {
    test("is hidden from other workers while its lease holds", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [id] = await queue.enqueue([{ kind, orgId, ref: "dlv_1", payload: { n: 1 }, maxAttempts: 3 }]);
      const [job] = await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 5 });
      expect(job).toEqual({ id: id!, kind, orgId, ref: "dlv_1", payload: { n: 1 }, attempts: 1, maxAttempts: 3 });
      expect(await queue.claim({ kind, workerId: "w2", leaseSeconds: 30, limit: 5 })).toEqual([]);
    });

    test("is claimed again by another worker once its lease lapses, and the first holder can no longer finish it", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 3 }]);
      expect(await queue.claim({ kind, workerId: "w1", leaseSeconds: 0.2, limit: 1 })).toHaveLength(1);
      await Bun.sleep(500);
      const [again] = await queue.claim({ kind, workerId: "w2", leaseSeconds: 30, limit: 1 });
      expect(again).toMatchObject({ id: id!, attempts: 2 });
      expect(await queue.heartbeat([id!], "w1", 30)).toEqual([]);
      await queue.complete(id!, "w1");
      expect(await database.db.select({ lockedBy: jobs.lockedBy }).from(jobs).where(eq(jobs.id, id!))).toEqual([{ lockedBy: "w2" }]);
      await queue.complete(id!, "w2");
      expect(await database.db.select().from(jobs).where(eq(jobs.id, id!))).toEqual([]);
    });

    test("whose lease lapses on its last attempt becomes a dead letter instead of running again", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 1 }]);
      expect(await queue.claim({ kind, workerId: "w1", leaseSeconds: 0.2, limit: 1 })).toHaveLength(1);
      await Bun.sleep(500);
      expect(await queue.claim({ kind, workerId: "w2", leaseSeconds: 30, limit: 1 })).toEqual([]);
      expect(await queue.buryLapsed(kind)).toMatchObject([{ id: id!, attempts: 1 }]);
      expect(await queue.buryLapsed(kind)).toEqual([]);
      expect(await queue.deadLetters(kind, 10)).toMatchObject([{ id: id!, attempts: 1, lastError: "The lease lapsed on the last attempt." }]);
    });

    test("whose lease lapsed is taken back by its own holder without counting a new attempt", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 3 }]);
      await queue.claim({ kind, workerId: "w1", leaseSeconds: 0.2, limit: 1 });
      await Bun.sleep(500);
      // A heartbeat late under load: the holder's next claim finds its own job, and the run it has goes on.
      expect(await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1 })).toMatchObject([{ id: id!, attempts: 1 }]);
    });

    test("can be claimed by the row it is about", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      await queue.enqueue([
        { kind, orgId, ref: "crawl_a", maxAttempts: 3 },
        { kind, orgId, ref: "crawl_b", maxAttempts: 3 },
      ]);
      expect((await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 5, ref: "crawl_b" })).map((j) => j.ref)).toEqual(["crawl_b"]);
    });

    test("handed back on a clean stop is due at once with its attempt not counted", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 3 }]);
      await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1 });
      await queue.release(id!, "w1");
      expect(await queue.claim({ kind, workerId: "w2", leaseSeconds: 30, limit: 1 })).toMatchObject([{ id: id!, attempts: 1 }]);
    });
  });

  describe("a heartbeat", () => {
    test("extends the lease of the jobs its worker holds, and only those", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 3 }]);
      await queue.claim({ kind, workerId: "w1", leaseSeconds: 2, limit: 1 });
      expect(await secondsLeft(id!, "lease_until")).toBeLessThanOrEqual(2);
      expect(await queue.heartbeat([id!, "jq_unknown"], "w1", 120)).toEqual([id!]);
      expect(await secondsLeft(id!, "lease_until")).toBeGreaterThan(60);
      expect(await queue.heartbeat([id!], "w2", 600)).toEqual([]);
      expect(await secondsLeft(id!, "lease_until")).toBeLessThan(121);
    });

    test("keeps a job from being claimed past its first lease", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 3 }]);
      await queue.claim({ kind, workerId: "w1", leaseSeconds: 0.3, limit: 1 });
      expect(await queue.heartbeat([id!], "w1", 30)).toEqual([id!]);
      await Bun.sleep(600);
      expect(await queue.claim({ kind, workerId: "w2", leaseSeconds: 30, limit: 1 })).toEqual([]);
    });
  });

  describe("a failing job", () => {
    test("is retried after its backoff, then kept as a dead letter once its attempts run out", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [id] = await queue.enqueue([{ kind, orgId, ref: "row_1", maxAttempts: 3 }]);
      for (const [attempt, backoff] of [
        [1, 0.2],
        [2, 0.4],
      ] as const) {
        const [job] = await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1 });
        expect(job).toMatchObject({ id: id!, attempts: attempt });
        expect(await queue.fail(id!, "w1", { error: `boom ${attempt}`, retryInSeconds: backoff })).toBe("retry");
        // Not due before its backoff.
        expect(await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1 })).toEqual([]);
        await Bun.sleep(backoff * 1000 + 250);
      }
      await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1 });
      expect(await queue.fail(id!, "w1", { error: "boom 3", retryInSeconds: 0 })).toBe("dead");
      expect(await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1 })).toEqual([]);
      expect(await queue.deadLetters(kind, 10)).toEqual([{ id: id!, kind, orgId, ref: "row_1", attempts: 3, lastError: "boom 3", deadAt: expect.any(Date) }]);
    });

    test("waits out a long backoff", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [id] = await queue.enqueue([{ kind, orgId, maxAttempts: 5 }]);
      await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1 });
      await queue.fail(id!, "w1", { error: "later", retryInSeconds: 90 });
      expect(await secondsLeft(id!, "run_at")).toBeGreaterThan(80);
    });
  });

  describe("dead letters", () => {
    test("are pruned once older than the retention, and only dead jobs are", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [old, recent, waiting] = await queue.enqueue([
        { kind, orgId, maxAttempts: 1 },
        { kind, orgId, maxAttempts: 1 },
        { kind, orgId, maxAttempts: 1, delaySeconds: 3600 },
      ]);
      for (const id of [old!, recent!]) {
        await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1, jobId: id });
        expect(await queue.fail(id, "w1", { error: "gone", retryInSeconds: 0 })).toBe("dead");
      }
      await database.db.update(jobs).set({ deadAt: sql`now() - interval '31 days'` }).where(eq(jobs.id, old!));
      expect(await queue.pruneDead(30)).toBeGreaterThanOrEqual(1);
      expect((await queue.deadLetters(kind, 10)).map((j) => j.id)).toEqual([recent!]);
      expect(await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, waiting!))).toHaveLength(1);
    });
  });

  describe("a recurring job", () => {
    test("has one row however often it is queued, and goes back in the queue after each run", async () => {
      const kind = newKind();
      await queue.ensureRecurring(kind);
      await queue.ensureRecurring(kind);
      const [job] = await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 5 });
      expect(job).toMatchObject({ kind, orgId: null, attempts: 1 });
      await queue.ensureRecurring(kind);
      expect(await queue.claim({ kind, workerId: "w2", leaseSeconds: 30, limit: 5 })).toEqual([]);
      await queue.complete(job!.id, "w1", { againInSeconds: 0.3 });
      expect(await queue.claim({ kind, workerId: "w2", leaseSeconds: 30, limit: 5 })).toEqual([]);
      await Bun.sleep(500);
      expect(await queue.claim({ kind, workerId: "w2", leaseSeconds: 30, limit: 5 })).toMatchObject([{ id: job!.id, attempts: 1 }]);
    });
  });

  describe("a job about a row", () => {
    test("waits in the queue once: a twin queued meanwhile is not added, but one queued while it runs is", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [first] = await queue.enqueue([{ kind, orgId, ref: "site_1", maxAttempts: 3 }]);
      expect(await queue.enqueue([{ kind, orgId, ref: "site_1", maxAttempts: 3 }])).toEqual([]);
      // Another row, or another kind about the same row, is queued as usual.
      expect(await queue.enqueue([{ kind, orgId, ref: "site_2", maxAttempts: 3 }])).toHaveLength(1);
      expect(await queue.enqueue([{ kind: newKind(), orgId, ref: "site_1", maxAttempts: 3 }])).toHaveLength(1);
      await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1, ref: "site_1" });
      // Running, it is out of the way: work written during its run gets the next job.
      const [next] = await queue.enqueue([{ kind, orgId, ref: "site_1", maxAttempts: 3 }]);
      expect(next).toBeDefined();
      expect(next).not.toBe(first);
    });

    test("put back while a twin waits (a yielded turn, a retry, a hand-back) is dropped, and the twin does the work", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const ids = await queue.enqueue([{ kind, orgId, ref: "site_1", maxAttempts: 3 }]);
      const held = async () => (await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1, jobId: ids[0] }))[0]!;
      const queuedOf = async () => (await database.db.select({ id: jobs.id }).from(jobs).where(sql`kind = ${kind} AND status = 'queued'`)).map((j) => j.id);

      await held();
      const [twin] = await queue.enqueue([{ kind, orgId, ref: "site_1", maxAttempts: 3 }]);
      await queue.complete(ids[0]!, "w1", { againInSeconds: 0 });
      expect(await queuedOf()).toEqual([twin!]);

      ids[0] = twin!;
      await held();
      const [third] = await queue.enqueue([{ kind, orgId, ref: "site_1", maxAttempts: 3 }]);
      expect(await queue.fail(twin!, "w1", { error: "database away", retryInSeconds: 0 })).toBe("retry");
      expect(await queuedOf()).toEqual([third!]);

      ids[0] = third!;
      await held();
      const [fourth] = await queue.enqueue([{ kind, orgId, ref: "site_1", maxAttempts: 3 }]);
      await queue.release(third!, "w1");
      expect(await queuedOf()).toEqual([fourth!]);
      // Alone, it goes back in the queue as any job does.
      ids[0] = fourth!;
      await held();
      await queue.complete(fourth!, "w1", { againInSeconds: 0 });
      expect(await queuedOf()).toEqual([fourth!]);
    });
  });

  describe("others due", () => {
    test("says whether a job of the kind besides this one is due: queued and due, or lapsed", async () => {
      const kind = newKind();
      const orgId = await newOrg();
      const [mine, later] = await queue.enqueue([
        { kind, orgId, maxAttempts: 3 },
        { kind, orgId, maxAttempts: 3, delaySeconds: 60 },
      ]);
      await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1, jobId: mine });
      expect(await queue.othersDue(kind, mine!)).toBe(false);
      await database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, later!));
      expect(await queue.othersDue(kind, mine!)).toBe(true);
      await queue.claim({ kind, workerId: "w2", leaseSeconds: 0.2, limit: 1, jobId: later });
      expect(await queue.othersDue(kind, mine!)).toBe(false);
      await Bun.sleep(400);
      expect(await queue.othersDue(kind, mine!)).toBe(true);
    });
  });

  describe("organisations", () => {
    test("take turns: one with 100 jobs waiting does not starve one with a single job queued after them", async () => {
      const kind = newKind();
      // X's id sorts first (ids start with their creation time), the order that would favour it without turns.
      const x = await newOrg();
      await Bun.sleep(5);
      const y = await newOrg();
      await queue.enqueue(Array.from({ length: 100 }, (_, n) => ({ kind, orgId: x, payload: { n }, maxAttempts: 3 })));
      await queue.enqueue([{ kind, orgId: y, maxAttempts: 3 }]);
      // One job at a time, each claim starting after the organisation served last.
      const served: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 4; i++) {
        const [job] = await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 1, after });
        served.push(job!.orgId!);
        after = job!.orgId;
      }
      expect(served.slice(0, 2).sort()).toEqual([x, y].sort());
      expect(served.slice(2)).toEqual([x, x]);
    });

    test("in one batch, every organisation's first job comes before anyone's second", async () => {
      const kind = newKind();
      const [x, y, z] = [await newOrg(), await newOrg(), await newOrg()];
      await queue.enqueue(Array.from({ length: 50 }, () => ({ kind, orgId: x, maxAttempts: 3 })));
      await queue.enqueue(Array.from({ length: 2 }, () => ({ kind, orgId: y, maxAttempts: 3 })));
      await queue.enqueue([{ kind, orgId: z, maxAttempts: 3 }]);
      const batch = await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 4 });
      const count = (org: string) => batch.filter((j) => j.orgId === org).length;
      expect(count(z)).toBe(1);
      // The fourth is a second turn, of whichever of the two with more comes first in the round.
      expect([count(x), count(y)].sort()).toEqual([1, 2]);
    });

    test("get at most their share of workers, less what they already hold", async () => {
      const kind = newKind();
      const [x, y] = [await newOrg(), await newOrg()];
      await queue.enqueue(Array.from({ length: 10 }, () => ({ kind, orgId: x, maxAttempts: 3 })));
      await queue.enqueue(Array.from({ length: 10 }, () => ({ kind, orgId: y, maxAttempts: 3 })));
      const batch = await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 10, perOrg: 3, busy: { [x]: 2 } });
      expect(batch.filter((j) => j.orgId === x)).toHaveLength(1);
      expect(batch.filter((j) => j.orgId === y)).toHaveLength(3);
    });

    test("a claim for one organisation or one job takes only that", async () => {
      const kind = newKind();
      const [x, y] = [await newOrg(), await newOrg()];
      const xs = await queue.enqueue(Array.from({ length: 3 }, () => ({ kind, orgId: x, maxAttempts: 3 })));
      await queue.enqueue([{ kind, orgId: y, maxAttempts: 3 }]);
      expect((await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 10, orgId: y })).map((j) => j.orgId)).toEqual([y]);
      expect((await queue.claim({ kind, workerId: "w1", leaseSeconds: 30, limit: 10, jobId: xs[2] })).map((j) => j.id)).toEqual([xs[2]!]);
    });
  });
});
