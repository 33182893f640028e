import { describe, expect, test } from "bun:test";
import type { SearchChunk, SearchChunkSource } from "../ports/search-chunks.ts";
import { ChunkRowCache } from "./chunk-row-cache.ts";

const chunk = (chunkId: string, siteId = "s1"): SearchChunk => ({
  chunkId,
  pageId: `p-${chunkId}`,
  siteId,
  url: `https://docs.example.com/${chunkId}`,
  title: chunkId,
  tags: [],
  metadata: {},
  headingPath: [],
  anchor: null,
  text: `text of ${chunkId}`,
  similarity: 0.5,
});

function source(rows: SearchChunk[]) {
  const asked: string[][] = [];
  const measuredFor: string[][] = [];
  const store: SearchChunkSource = {
    async load(input) {
      asked.push(input.chunkIds);
      return rows.filter((r) => input.chunkIds.includes(r.chunkId) && input.siteIds.includes(r.siteId));
    },
    async similarities(input) {
      measuredFor.push(input.chunkIds);
      // "c" stands for a chunk not embedded yet: the database leaves it out.
      return new Map(input.chunkIds.filter((id) => id !== "c").map((id) => [id, 0.25]));
    },
  };
  return { asked, measuredFor, store };
}

describe("ChunkRowCache", () => {
  test("reads only the chunks it does not hold, and never hands out a similarity without a query vector", async () => {
    const { asked, store } = source([chunk("a"), chunk("b"), chunk("c")]);
    const cache = new ChunkRowCache(store);
    await cache.load({ siteIds: ["s1"], chunkIds: ["a", "b"], vector: null });
    const found = await cache.load({ siteIds: ["s1"], chunkIds: ["a", "b", "c"], vector: null });
    expect(asked).toEqual([["a", "b"], ["c"]]);
    expect(found.map((c) => c.chunkId).sort()).toEqual(["a", "b", "c"]);
    expect(found.every((c) => c.similarity === null)).toBe(true);
  });

  test("a search with a query vector reads no kept row again: known similarities are taken, the rest measured alone", async () => {
    const { asked, store, measuredFor } = source([chunk("a"), chunk("b"), chunk("c"), chunk("d")]);
    const cache = new ChunkRowCache(store);
    await cache.load({ siteIds: ["s1"], chunkIds: ["a", "b", "c"], vector: null });
    const found = await cache.load({ siteIds: ["s1"], chunkIds: ["a", "b", "c", "d"], vector: [1, 0], known: new Map([["a", 0.9]]) });
    expect(asked).toEqual([["a", "b", "c"], ["d"]]);
    expect(measuredFor).toEqual([["b", "c"]]);
    const similarity = Object.fromEntries(found.map((c) => [c.chunkId, c.similarity]));
    // "c" has no vector of the model: no similarity, as the database would have said.
    expect(similarity).toEqual({ a: 0.9, b: 0.25, c: null, d: 0.5 });
  });

  test("rows kept from a search with a query vector carry no similarity into a search without one", async () => {
    const { store } = source([chunk("a")]);
    const cache = new ChunkRowCache(store);
    await cache.load({ siteIds: ["s1"], chunkIds: ["a"], vector: [1, 0] });
    const [again] = await cache.load({ siteIds: ["s1"], chunkIds: ["a"], vector: null });
    expect(again?.similarity).toBeNull();
  });

  test("a chunk of a site not searched is not answered from the cache", async () => {
    const { store } = source([chunk("a", "s1")]);
    const cache = new ChunkRowCache(store);
    await cache.load({ siteIds: ["s1"], chunkIds: ["a"], vector: null });
    expect(await cache.load({ siteIds: ["s2"], chunkIds: ["a"], vector: null })).toEqual([]);
  });

  test("a change of the site, or the time to live, sends the next search to the database", async () => {
    let now = 0;
    const { asked, store } = source([chunk("a"), chunk("b", "s2")]);
    const cache = new ChunkRowCache(store, { ttlMs: 1000, clock: () => now });
    await cache.load({ siteIds: ["s1", "s2"], chunkIds: ["a", "b"], vector: null });
    cache.invalidateSite("s1");
    await cache.load({ siteIds: ["s1", "s2"], chunkIds: ["a", "b"], vector: null });
    now = 1001;
    await cache.load({ siteIds: ["s1", "s2"], chunkIds: ["a", "b"], vector: null });
    expect(asked).toEqual([["a", "b"], ["a"], ["a", "b"]]);
  });
});
