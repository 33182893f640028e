import { describe, expect, test } from "bun:test";
import { SearchCache } from "./search-cache.ts";

describe("search cache", () => {
  test("forgets answers after the time to live", () => {
    let now = 1000;
    const cache = new SearchCache<string>({ ttlSeconds: 60, clock: () => now });
    cache.set("k", ["s1"], "v");
    expect(cache.get("k")).toBe("v");
    now += 61;
    expect(cache.get("k")).toBeUndefined();
  });

  test("invalidating a site drops its answers and the group answers that include it", () => {
    const cache = new SearchCache<string>();
    cache.set("a", ["s1"], "1");
    cache.set("g", ["s1", "s2"], "2");
    cache.set("b", ["s2"], "3");
    cache.invalidateSite("s1");
    expect([cache.get("a"), cache.get("g"), cache.get("b")]).toEqual([undefined, undefined, "3"]);
  });

  test("keys ignore case, surrounding spaces and the order of filters", () => {
    const a = SearchCache.key({ scope: "s", query: " Proxy ", limit: 10, minScore: 0.3, filters: { a: "1", b: "2" } });
    const b = SearchCache.key({ scope: "s", query: "proxy", limit: 10, minScore: 0.3, filters: { b: "2", a: "1" } });
    expect(a).toBe(b);
  });

  test("keeps at most maxEntries, dropping the oldest", () => {
    const cache = new SearchCache<number>({ maxEntries: 2 });
    for (const k of ["a", "b", "c"]) cache.set(k, [], 1);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
