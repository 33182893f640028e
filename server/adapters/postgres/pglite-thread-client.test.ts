import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { fileURLToPath } from "node:url";
import { openPgliteThread, PgliteThread, type PgliteThreadClient } from "./pglite-thread-client.ts";
import { withStatementSignal } from "./statement-signal.ts";

// drizzle's parsers for timestamps: keep PostgreSQL's text.
const TIMESTAMPTZ = 1184;
const keep = (value: string) => value;

describe("PGlite on its own thread", () => {
  let client: PgliteThreadClient;
  beforeAll(async () => {
    client = await openPgliteThread("memory://");
    await client.query("CREATE TABLE items (id int PRIMARY KEY, note text, at timestamptz DEFAULT now())");
  }, 60_000);
  afterAll(() => client.close());

  test("answers statements with their rows, in either row shape, with drizzle's text parsers applied", async () => {
    await client.query("INSERT INTO items (id, note) VALUES ($1, $2)", [1, "first"]);
    const objects = await client.query("SELECT id, note FROM items WHERE id = $1", [1], { rowMode: "object" });
    expect(objects.rows).toEqual([{ id: 1, note: "first" }]);
    const arrays = await client.query("SELECT id, note FROM items WHERE id = $1", [1], { rowMode: "array" });
    expect(arrays.rows).toEqual([[1, "first"]]);
    const raw = await client.query("SELECT at FROM items WHERE id = 1", [], { parsers: { [TIMESTAMPTZ]: keep } });
    expect(typeof (raw.rows[0] as { at: unknown }).at).toBe("string");
    const parsed = await client.query("SELECT at FROM items WHERE id = 1");
    expect((parsed.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
  });

  test("an error keeps PostgreSQL's code and fields but neither the statement nor its parameters", async () => {
    const error = (await client.query("INSERT INTO items (id, note) VALUES ($1, $2)", [1, "secret page text"]).catch((e: unknown) => e)) as Record<
      string,
      unknown
    >;
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("23505");
    expect(error.constraint).toBe("items_pkey");
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain("secret page text");
    expect(error.query).toBeUndefined();
    expect(error.params).toBeUndefined();
  });

  test("a transaction commits, rolls back on a throw, and may run statements side by side", async () => {
    await client.transaction(async (tx) => {
      await Promise.all([tx.query("INSERT INTO items (id, note) VALUES (2, 'two')"), tx.query("INSERT INTO items (id, note) VALUES (3, 'three')")]);
    });
    const failed = await client
      .transaction(async (tx) => {
        await tx.query("INSERT INTO items (id, note) VALUES (4, 'four')");
        throw new Error("changed my mind");
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe("changed my mind");
    expect(await client.transaction(async () => "nothing ran")).toBe("nothing ran");
    const ids = await client.query("SELECT id FROM items ORDER BY id", [], { rowMode: "array" });
    expect(ids.rows).toEqual([[1], [2], [3]]);
  });

  test("a statement from outside waits for an open transaction and then sees its rows", async () => {
    let releaseTransaction!: () => void;
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const events: string[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, note) VALUES (5, 'five')");
      await held;
      events.push("committing");
    });
    await Bun.sleep(20);
    const outside = client.query("SELECT count(*)::int AS n FROM items WHERE id = 5").then((r) => {
      events.push("outside answered");
      return r.rows[0];
    });
    await Bun.sleep(50);
    releaseTransaction();
    await transaction;
    expect(await outside).toEqual({ n: 1 });
    expect(events).toEqual(["committing", "outside answered"]);
  });

  describe("a statement whose caller aborts", () => {
    test("does not run when it still waits for its turn, in or out of a transaction, and fails with the abort's reason", async () => {
      const busy = client.query("SELECT pg_sleep(0.4)");
      const visitor = new AbortController();
      const alone = withStatementSignal(visitor.signal, () => client.query("INSERT INTO items (id, note) VALUES (20, 'queued')"));
      const inTransaction = withStatementSignal(visitor.signal, () =>
        client.transaction((tx) => tx.query("INSERT INTO items (id, note) VALUES (21, 'queued in a transaction')")),
      );
      await Bun.sleep(50);
      visitor.abort(new Error("the visitor left"));
      const outcomes = await Promise.all(
        [alone, inTransaction].map((p) =>
          p.then(
            () => "ran",
            (e: Error) => e.message,
          ),
        ),
      );
      await busy;
      expect(outcomes).toEqual(["the visitor left", "the visitor left"]);
      const left = await client.query("SELECT id FROM items WHERE id IN (20, 21)", [], { rowMode: "array" });
      expect(left.rows).toEqual([]);
    });

    test("runs to its end once it has started", async () => {
      const visitor = new AbortController();
      const running = withStatementSignal(visitor.signal, () => client.query("SELECT 1 AS one FROM pg_sleep(0.2)"));
      await Bun.sleep(100);
      visitor.abort();
      expect((await running).rows).toEqual([{ one: 1 }]);
    });

    test("is not sent at all when the signal has already aborted", async () => {
      const visitor = new AbortController();
      visitor.abort(new Error("gone before"));
      const sent = await withStatementSignal(visitor.signal, () => client.query("INSERT INTO items (id, note) VALUES (22, 'never')")).catch(
        (e: Error) => e.message,
      );
      expect(sent).toBe("gone before");
      expect((await client.query("SELECT id FROM items WHERE id = 22")).rows).toEqual([]);
    });
  });

  test("this thread keeps running while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await client.query("SELECT count(*) FROM generate_series(1, 3000000) AS g WHERE g % 7 = 3");
    const ms = performance.now() - started;
    clearInterval(timer);
    // On the API thread a statement of this length let no timer run at all.
    expect(ms).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(ms / 5 / 4);
  });
});

test("a script that never closes its database still exits once its statements are answered", async () => {
  const client = fileURLToPath(new URL("./pglite-thread-client.ts", import.meta.url));
  const image = fileURLToPath(new URL("../../../tests/fixtures/pglite-image.ts", import.meta.url));
  // From the suite's migrated image: an initdb in the child would cost seconds and is not what is tested.
  const script = `import { openPgliteThread } from ${JSON.stringify(client)};
import { migratedPgliteImage } from ${JSON.stringify(image)};
const db = await openPgliteThread("memory://", await migratedPgliteImage());
await new Promise((resolve) => setTimeout(resolve, 50));
const { rows } = await db.query("SELECT 41 + 1 AS answer");
console.log(rows[0].answer);`;
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  const exited = await Promise.race([child.exited, Bun.sleep(60_000).then(() => "timeout")]);
  if (exited === "timeout") child.kill();
  expect(exited).toBe(0);
  expect((await new Response(child.stdout).text()).trim()).toBe("42");
}, 90_000);

test("when the thread dies, waiting and later statements fail with a clear error instead of hanging", async () => {
  // Stands in for a hard abort inside PGlite's WASM: the worker throws out of its message handler.
  const source = "self.onmessage = () => { throw new Error('abort in the database thread'); };";
  const thread = new PgliteThread(new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" }))));
  try {
    const waiting = await thread.call({ op: "close" }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(waiting).toStartWith("The embedded database stopped:");
    const later = await thread.call({ op: "close" }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(later).toBe(waiting);
  } finally {
    thread.terminate();
  }
});
