import { describe, expect, test } from "bun:test";
import { siteIndexing } from "./site-view.ts";

const stats = (chunkCount: number, embeddedChunkCount: number) => ({ pageCount: 1, chunkCount, embeddedChunkCount, lastCrawlJobId: null });

describe("siteIndexing", () => {
  test("has no estimate before any chunk of the site was embedded lately", () => {
    expect(siteIndexing(stats(100, 0), { chunks: 0, seconds: 0 })).toEqual({
      state: "indexing",
      chunkCount: 100,
      embeddedChunkCount: 0,
      share: 0,
      secondsLeft: null,
    });
  });

  test("estimates the time left from the recent rate, taken over at least ten seconds", () => {
    // 40 chunks in 20 s is 2 per second: 60 waiting take 30 s.
    expect(siteIndexing(stats(100, 40), { chunks: 40, seconds: 20 }).secondsLeft).toBe(30);
    // A batch of 8 saved a moment ago counts as 8 in 10 s, not 8 in a millisecond.
    expect(siteIndexing(stats(100, 8), { chunks: 8, seconds: 0.001 }).secondsLeft).toBe(115);
  });

  test("is ready with nothing left, and for a site without chunks", () => {
    expect(siteIndexing(stats(12, 12), { chunks: 12, seconds: 3 })).toEqual({
      state: "ready",
      chunkCount: 12,
      embeddedChunkCount: 12,
      share: 1,
      secondsLeft: 0,
    });
    expect(siteIndexing(stats(0, 0), { chunks: 0, seconds: 0 })).toMatchObject({ state: "ready", share: 1, secondsLeft: 0 });
  });
});
