import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openPgliteThread, type PgliteQueryable, type PgliteThreadClient } from "./pglite-thread-client.ts";
import { readingSites, writingSites } from "./site-scope.ts";
import { rejection } from "../../../tests/fixtures/rejection.ts";

// A write to site "a" held open until the test lets it go, as a long page write holds PGlite's one session.
function heldWrite(client: PgliteThreadClient, work: (tx: PgliteQueryable) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const done = writingSites(["a"], () =>
    client.transaction(async (tx) => {
      await work(tx);
      opened();
      await released;
      await tx.query("INSERT INTO notes (site, body) VALUES ('a', 'last')");
    }),
  );
  return { open, release, done };
}

const count = (client: PgliteQueryable, site: string) =>
  client.query("SELECT count(*)::int AS n FROM notes WHERE site = $1", [site]).then((r) => (r.rows[0] as { n: number }).n);

/** Whether `promise` settles within `ms` (a statement held behind a transaction does not). */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe("reads of other sites run inside an open write (PGlite thread)", () => {
  let client: PgliteThreadClient;
  beforeAll(async () => {
    client = await openPgliteThread("memory://");
    await client.query("CREATE TABLE notes (site text, body text)");
    await client.query("INSERT INTO notes (site, body) VALUES ('b', 'one'), ('b', 'two'), ('a', 'old')");
  }, 60_000);
  afterAll(() => client.close());

  test("a read of site b answers while a's write is open; a read of a, or of no said site, waits for its commit", async () => {
    const write = heldWrite(client, (tx) => tx.query("INSERT INTO notes (site, body) VALUES ('a', 'new')").then(() => {}));
    await write.open;
    expect(await readingSites(["b"], () => count(client, "b"))).toBe(2);
    const readOfA = readingSites(["a", "b"], () => count(client, "a"));
    const unsaid = count(client, "a");
    expect(await settlesWithin(readOfA, 150)).toBe(false);
    expect(await settlesWithin(unsaid, 10)).toBe(false);
    write.release();
    await write.done;
    expect(await readOfA).toBe(3);
    expect(await unsaid).toBe(3);
  });

  test("a guest read cannot write, and neither its refusal nor its error costs the write anything", async () => {
    const write = heldWrite(client, (tx) => tx.query("INSERT INTO notes (site, body) VALUES ('a', 'kept')").then(() => {}));
    await write.open;
    const refused = await rejection(readingSites(["b"], () => client.query("INSERT INTO notes (site, body) VALUES ('b', 'sneaked')")));
    expect((refused as Error & { code?: string }).code).toBe("25006");
    const failed = await rejection(readingSites(["b"], () => client.query("SELECT 1 / 0")));
    expect((failed as Error & { code?: string }).code).toBe("22012");
    write.release();
    await write.done;
    expect(await count(client, "b")).toBe(2);
    const kept = await client.query("SELECT count(*)::int AS n FROM notes WHERE body IN ('kept', 'last')");
    expect((kept.rows[0] as { n: number }).n).toBe(3);
  });

  test("a guest read transaction keeps its SET LOCAL to itself", async () => {
    let hostSetting = "";
    const write = heldWrite(client, async () => {});
    await write.open;
    const seen = await readingSites(["b"], () =>
      client.transaction(async (tx) => {
        await tx.query("SET LOCAL work_mem = '7MB'");
        const shown = await tx.query("SHOW work_mem");
        return (shown.rows[0] as { work_mem: string }).work_mem;
      }),
    );
    expect(seen).toBe("7MB");
    write.release();
    await write.done;
    await writingSites(["a"], () =>
      client.transaction(async (tx) => {
        hostSetting = ((await tx.query("SHOW work_mem")).rows[0] as { work_mem: string }).work_mem;
      }),
    );
    expect(hostSetting).not.toBe("7MB");
  });

  test("a read waits, and then runs, when the write's transaction has failed", async () => {
    const write = heldWrite(client, (tx) =>
      tx.query("SELECT 1 / 0").then(
        () => {},
        () => {},
      ),
    );
    await write.open;
    const read = readingSites(["b"], () => count(client, "b"));
    expect(await settlesWithin(read, 100)).toBe(false);
    write.release();
    expect((await rejection(write.done)).message).toContain("aborted");
    expect(await read).toBe(2);
  });
});
