import { describe, expect, test } from "bun:test";
import { normaliseQuery, QueryVectorCache } from "./query-vector-cache.ts";

describe("query vector cache", () => {
  test("queries differing only in case and spacing share an entry", () => {
    expect(normaliseQuery("  Reverse   PROXY\tsetup ")).toBe("reverse proxy setup");
    const cache = new QueryVectorCache(10);
    cache.set("Reverse proxy", [1, 0]);
    expect(cache.get(" reverse  PROXY ")).toEqual([1, 0]);
    expect(cache.get("reverse proxies")).toBeUndefined();
  });

  test("drops the least recently used entry when full", () => {
    const cache = new QueryVectorCache(2);
    cache.set("a", [1]);
    cache.set("b", [2]);
    cache.get("a"); // now "b" is the oldest use
    cache.set("c", [3]);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual([1]);
    expect(cache.get("c")).toEqual([3]);
    expect(cache.size).toBe(2);
  });

  test("size 0 remembers nothing", () => {
    const cache = new QueryVectorCache(0);
    cache.set("a", [1]);
    expect(cache.get("a")).toBeUndefined();
  });
});
