import { describe, expect, test } from "bun:test";
import { SiteReadCache } from "./site-read-cache.ts";

function counted(rows: Record<string, { name: string } | null>) {
  const reads: string[] = [];
  const read = async (id: string) => {
    reads.push(id);
    // The row as it was when the statement ran; the answer arrives later.
    const row = rows[id] ?? null;
    await Promise.resolve();
    return row;
  };
  return { reads, read };
}

describe("SiteReadCache", () => {
  test("reads a site once while it is fresh, and again after the time to live", async () => {
    let now = 0;
    const { reads, read } = counted({ a: { name: "A" } });
    const cache = new SiteReadCache(read, { ttlMs: 1000, clock: () => now });
    expect(await cache.getById("a")).toEqual({ name: "A" });
    now = 999;
    await cache.getById("a");
    expect(reads).toEqual(["a"]);
    now = 1001;
    await cache.getById("a");
    expect(reads).toEqual(["a", "a"]);
  });

  test("concurrent requests for one site share one read", async () => {
    const { reads, read } = counted({ a: { name: "A" } });
    const cache = new SiteReadCache(read);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.getById("a")));
    expect(answers.every((row) => row?.name === "A")).toBe(true);
    expect(reads).toEqual(["a"]);
  });

  test("a change made through this process is read at once", async () => {
    const rows: Record<string, { name: string } | null> = { a: { name: "before" } };
    const { read } = counted(rows);
    const cache = new SiteReadCache(read, { ttlMs: 60_000 });
    expect((await cache.getById("a"))?.name).toBe("before");
    rows.a = { name: "after" };
    cache.invalidate("a");
    expect((await cache.getById("a"))?.name).toBe("after");
  });

  test("a read overtaken by a change is answered but not kept", async () => {
    const rows: Record<string, { name: string } | null> = { a: { name: "before" } };
    const { reads, read } = counted(rows);
    const cache = new SiteReadCache(read, { ttlMs: 60_000 });
    const inFlight = cache.getById("a");
    rows.a = { name: "after" };
    cache.invalidate("a");
    expect((await inFlight)?.name).toBe("before");
    expect((await cache.getById("a"))?.name).toBe("after");
    expect(reads).toEqual(["a", "a"]);
  });

  test("a failed read is not remembered", async () => {
    let fail = true;
    const cache = new SiteReadCache(async () => {
      if (fail) throw new Error("database down");
      return { name: "A" };
    });
    await expect(cache.getById("a")).rejects.toThrow("database down");
    fail = false;
    expect(await cache.getById("a")).toEqual({ name: "A" });
  });
});
