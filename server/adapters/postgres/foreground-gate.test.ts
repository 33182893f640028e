import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { rows, type Database } from "./database.ts";
import { ForegroundGate } from "./foreground-gate.ts";
import { readingSites } from "./site-scope.ts";
import { openMigratedDatabase } from "../../../tests/fixtures/pglite-image.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the foreground gate", () => {
  test("a bulk write starts once a running statement has ended and the foreground has been quiet", async () => {
    const gate = new ForegroundGate({ quietMs: 20, maxWaitMs: 5_000 });
    const events: string[] = [];
    const statement = gate.track(async () => {
      await sleep(60);
      events.push("statement ended");
    });
    const bulk = gate.bulk(async () => events.push("bulk started"));
    await Promise.all([statement, bulk]);
    expect(events).toEqual(["statement ended", "bulk started"]);
  });

  test("a statement that arrives during the quiet spell goes first", async () => {
    // A quiet spell far longer than the 10 ms pause, so a slow machine cannot let the bulk write in first.
    const gate = new ForegroundGate({ quietMs: 300, maxWaitMs: 5_000 });
    const events: string[] = [];
    await gate.track(async () => {});
    const bulk = gate.bulk(async () => events.push("bulk"));
    await sleep(10);
    await gate.track(async () => events.push("second statement"));
    await bulk;
    expect(events).toEqual(["second statement", "bulk"]);
  });

  test("a steady stream of statements delays a bulk write by the cap, never for ever", async () => {
    const gate = new ForegroundGate({ quietMs: 20, maxWaitMs: 150 });
    let streaming = true;
    const stream = (async () => {
      while (streaming) await gate.track(() => sleep(5));
    })();
    const asked = performance.now();
    const waited = await gate.bulk(async () => performance.now() - asked);
    streaming = false;
    await stream;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(1_000);
  });

  test("statements made inside a bulk write do not hold back the next one", async () => {
    const gate = new ForegroundGate({ quietMs: 10_000, maxWaitMs: 10_000 });
    const started = performance.now();
    await gate.bulk(() => gate.track(() => sleep(5)));
    await gate.bulk(async () => {});
    // Had the first write's statement counted, the second would have waited out the 10 s quiet spell.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test("a bulk write's next statement waits for a read of another site, but not for one of its own sites", async () => {
    const gate = new ForegroundGate({ statementQuietMs: 20, statementWaitMs: 5_000 });
    const events: string[] = [];
    const readOf = (site: string) =>
      readingSites([site], () =>
        gate.track(async () => {
          await sleep(80);
          events.push(`read of ${site} ended`);
        }),
      );
    // The write's next statement, asked for just after the read has started.
    const nextStatement = async () => {
      await sleep(5);
      await gate.betweenStatements(["a"], async () => events.push("write's statement"));
    };
    await Promise.all([readOf("b"), nextStatement()]);
    expect(events).toEqual(["read of b ended", "write's statement"]);
    events.length = 0;
    // A read of the written site waits for the write's commit, so waiting for it would only slow both.
    await Promise.all([readOf("a"), nextStatement()]);
    expect(events).toEqual(["write's statement", "read of a ended"]);
  });

  test("a steady stream of reads delays a bulk write's statement by the statement cap", async () => {
    const gate = new ForegroundGate({ statementQuietMs: 20, statementWaitMs: 100 });
    let streaming = true;
    const stream = readingSites(["b"], async () => {
      while (streaming) await gate.track(() => sleep(5));
    });
    const asked = performance.now();
    const waited = await gate.betweenStatements(["a"], async () => performance.now() - asked);
    streaming = false;
    await stream;
    expect(waited).toBeGreaterThanOrEqual(90);
    // The cap, not the stream, ends the wait; the margin absorbs timer slack on a loaded machine.
    expect(waited).toBeLessThan(2_000);
  });

  test("a failed bulk write rejects with its own error and leaves the gate open", async () => {
    const gate = new ForegroundGate({ quietMs: 10, maxWaitMs: 1_000 });
    await expect(gate.bulk(() => Promise.reject(new Error("constraint")))).rejects.toThrow("constraint");
    await expect(gate.track(() => Promise.reject(new Error("syntax")))).rejects.toThrow("syntax");
    expect(await gate.bulk(async () => "written")).toBe("written");
  });
});

describe("the database's gate", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedDatabase(process.env.DATABASE_URL);
  }, 60_000);
  afterAll(() => database.close());

  test("on embedded PGlite sees drizzle's statements: a bulk write waits for a running query; a server has none", async () => {
    if (database.kind === "postgres") {
      expect(database.gate).toBeNull();
      return;
    }
    const gate = database.gate!;
    const events: string[] = [];
    const query = rows(database.db, sql`SELECT pg_sleep(0.15)`).then(() => events.push("query ended"));
    // Let the query reach PGlite before the write asks.
    await sleep(5);
    const write = gate.bulk(async () => events.push("bulk started"));
    await Promise.all([query, write]);
    expect(events).toEqual(["query ended", "bulk started"]);
  });
});
