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
  const store: SearchChunkSource = {
    async load(input) {
      asked.push(input.chunkIds);
      return rows.filter((r) => input.chunkIds.includes(r.chunkId) && input.siteIds.includes(r.siteId));
    },
  };
  return { asked, store };
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

  test("a search with a query vector reads every chunk for its similarity", async () => {
    const { asked, store } = source([chunk("a")]);
    const cache = new ChunkRowCache(store);
    await cache.load({ siteIds: ["s1"], chunkIds: ["a"], vector: null });
    const found = await cache.load({ siteIds: ["s1"], chunkIds: ["a"], vector: [1, 0] });
    expect(asked).toEqual([["a"], ["a"]]);
    expect(found[0]?.similarity).toBe(0.5);
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
