import { describe, expect, test } from "bun:test";
import { calibratedScore, defaultCalibration, fuse, lexicalHalfFor, lexicalRelevance, orderingSignals, vectorRelevance, type ChunkSignals } from "./fusion.ts";
import { applyBoost, boostFactor } from "./boosts.ts";

const c = defaultCalibration;
const signal = (over: Partial<ChunkSignals>): ChunkSignals => ({ chunkId: "x", lexical: null, similarity: null, lexicalRank: null, vectorRank: null, ...over });

describe("calibration", () => {
  test("a lexical score equal to the half point is 0.5, and no score is 0", () => {
    expect(lexicalRelevance(c.lexicalHalf, c)).toBe(0.5);
    expect(lexicalRelevance(0, c)).toBe(0);
  });

  test("the half point grows with the number of query words", () => {
    expect(lexicalHalfFor(4, 1)).toBe(4);
    expect(lexicalHalfFor(4, 3)).toBe(8);
    expect(lexicalHalfFor(4, 20)).toBe(lexicalHalfFor(4, 6));
  });

  test("cosine below the floor is 0 and above the ceiling is 1", () => {
    expect(vectorRelevance(0.05, c)).toBe(0);
    expect(vectorRelevance(0.9, c)).toBe(1);
    expect(vectorRelevance((c.cosineFloor + c.cosineCeiling) / 2, c)).toBeCloseTo(0.5);
  });
});

describe("fusion", () => {
  test("a chunk without a vector keeps its whole lexical relevance", () => {
    expect(calibratedScore(signal({ lexical: 4 }), { alpha: 0.5, calibration: c })).toBe(0.5);
  });

  test("convex mixes the two relevances by alpha", () => {
    expect(calibratedScore(signal({ lexical: 4, similarity: c.cosineCeiling }), { alpha: 0.5, calibration: c })).toBeCloseTo(0.75);
  });

  test("rrf orders by rank but reports the calibrated score", () => {
    const fused = fuse(
      [signal({ chunkId: "a", lexical: 100, lexicalRank: 1 }), signal({ chunkId: "b", lexical: 1, lexicalRank: 2, similarity: 0.6, vectorRank: 1 })],
      { method: "rrf", alpha: 0.5, scoreAlpha: 0.5, rrfK: 60, calibration: c },
    );
    expect(fused.map((f) => f.chunkId)).toEqual(["b", "a"]);
    expect(fused[1]!.score).toBeCloseTo(100 / 104);
  });

  test("convex orders by alpha but reports the score weighted by scoreAlpha", () => {
    // a: keywords only (relevance 0.5); b: meaning only (relevance 1). Ordering leans on keywords, the score does not.
    const signals = [
      signal({ chunkId: "a", lexical: 4, lexicalRank: 1, similarity: c.cosineFloor }),
      signal({ chunkId: "b", similarity: c.cosineCeiling, vectorRank: 1 }),
    ];
    const fused = fuse(signals, { method: "convex", alpha: 0.3, scoreAlpha: 0.5, rrfK: 60, calibration: c });
    expect(fused.map((f) => f.chunkId)).toEqual(["a", "b"]);
    expect(fused.map((f) => f.rankScore)).toEqual([expect.closeTo(0.35), expect.closeTo(0.3)]);
    expect(fused.map((f) => f.score)).toEqual([expect.closeTo(0.25), expect.closeTo(0.5)]);
    // With one weight for both, the list is in score order.
    const even = fuse(signals, { method: "convex", alpha: 0.5, scoreAlpha: 0.5, rrfK: 60, calibration: c });
    expect(even.map((f) => f.chunkId)).toEqual(["b", "a"]);
  });
});

describe("boosts", () => {
  const rules = { tagBoosts: [{ tag: "Docs", boost: 2 }], urlBoosts: [{ pattern: "/blog/**", boost: 0.5 }] };

  test("multiply matching tags (case-insensitive) and URL globs", () => {
    expect(boostFactor({ url: "https://x.com/guide", tags: ["docs"] }, rules)).toBe(2);
    expect(boostFactor({ url: "https://x.com/blog/2024/post?x=1", tags: ["docs"] }, rules)).toBe(1);
    expect(boostFactor({ url: "https://x.com/blog/a", tags: [] }, rules)).toBe(0.5);
  });

  test("apply to the odds, so scores stay inside 0-1 and keep their order", () => {
    expect(applyBoost(0.5, 2)).toBeCloseTo(2 / 3);
    expect(applyBoost(0.9, 10)).toBeLessThan(1);
    expect(applyBoost(0.9, 10)).toBeGreaterThan(applyBoost(0.8, 10));
    expect(applyBoost(0.4, 1)).toBe(0.4);
    expect(applyBoost(0.5, 0.5)).toBeCloseTo(1 / 3);
  });
});

describe("coverage as lexical evidence", () => {
  const o = { method: "convex" as const, alpha: 0.3, scoreAlpha: 0.5, rrfK: 60, calibration: c };
  test("a chunk holding every query word scores 0.5 without a vector even when BM25's IDF is near zero", () => {
    const [fused] = fuse([signal({ lexical: 0.05, lexicalRank: 1, coverage: 1 })], o);
    expect(fused!.score).toBe(0.5);
  });
  test("holding one word of four stays far below the default minScore", () => {
    const [fused] = fuse([signal({ lexical: 0.05, lexicalRank: 1, coverage: 0.25 })], o);
    expect(fused!.score).toBeLessThan(0.1);
  });
  test("ordering ignores coverage: it stays BM25's", () => {
    const fused = fuse([signal({ chunkId: "a", lexical: 1, coverage: 1 }), signal({ chunkId: "b", lexical: 2, coverage: 0.5 })], o);
    expect(fused.map((f) => f.chunkId)).toEqual(["b", "a"]);
  });
});

describe("keyword candidates without a vector yet", () => {
  const half = [
    signal({ chunkId: "a", lexical: 9, lexicalRank: 1, similarity: null }),
    signal({ chunkId: "b", lexical: 8, lexicalRank: 2, similarity: 0.3 }),
    signal({ chunkId: "c", lexical: 7, lexicalRank: 3, similarity: 0.5 }),
    signal({ chunkId: "d", similarity: 0.9, vectorRank: 1 }),
  ];
  test('"lexical-order" orders by keyword relevance until every keyword candidate has its vector', () => {
    expect(orderingSignals(half, "lexical-order").every((s) => s.similarity === null)).toBe(true);
    const whole = half.map((s) => ({ ...s, similarity: s.similarity ?? 0.2 }));
    expect(orderingSignals(whole, "lexical-order")).toBe(whole);
  });
  test("the order changes, the reported score does not", () => {
    const options = { method: "convex" as const, alpha: 0.25, scoreAlpha: 0.5, rrfK: 60, calibration: c };
    const plain = fuse(half, { ...options, unembedded: "lexical" });
    const ordered = fuse(half, { ...options, unembedded: "lexical-order" });
    expect(ordered.map((f) => f.chunkId)).toEqual(["a", "b", "c", "d"]);
    for (const f of ordered) expect(f.score).toBe(plain.find((p) => p.chunkId === f.chunkId)!.score);
  });
});

describe('the "within-embedded" order', () => {
  const options = { method: "convex" as const, alpha: 0.25, scoreAlpha: 0.5, rrfK: 60, calibration: c, unembedded: "within-embedded" as const };
  test("a keyword candidate without a vector keeps its keyword place; those with one are fused among themselves", () => {
    const order = fuse(
      [
        signal({ chunkId: "a", lexical: 9, lexicalRank: 1, similarity: 0.2 }),
        signal({ chunkId: "b", lexical: 8, lexicalRank: 2, similarity: null }),
        signal({ chunkId: "c", lexical: 7, lexicalRank: 3, similarity: 0.9 }),
        signal({ chunkId: "d", similarity: 0.95, vectorRank: 1 }),
      ],
      options,
    ).map((f) => f.chunkId);
    // c and d outrank a once fused; b stays second, as keyword search alone would have it.
    expect(order[1]).toBe("b");
    expect(order[0]).not.toBe("a");
    expect(new Set(order)).toEqual(new Set(["a", "b", "c", "d"]));
  });
  test("with no vector at all it is the keyword order, and with every one the fused order", () => {
    const none = [3, 1, 2].map((r) => signal({ chunkId: `k${r}`, lexical: 10 - r, lexicalRank: r }));
    expect(fuse(none, options).map((f) => f.chunkId)).toEqual(["k1", "k2", "k3"]);
    const all = none.map((s, i) => ({ ...s, similarity: [0.9, 0.1, 0.5][i]! }));
    expect(fuse(all, options).map((f) => f.chunkId)).toEqual(fuse(all, { ...options, unembedded: "lexical" }).map((f) => f.chunkId));
  });
});

describe('the "adaptive" order', () => {
  const options = { method: "convex" as const, alpha: 0.25, scoreAlpha: 0.5, rrfK: 60, calibration: c };
  const keyword = (embedded: number) =>
    [1, 2, 3, 4].map((r) => signal({ chunkId: `k${r}`, lexical: 10 - r, lexicalRank: r, similarity: r > 4 - embedded ? 0.95 : null }));
  const ids = (list: ChunkSignals[], unembedded: "adaptive" | "within-embedded" | "lexical") => fuse(list, { ...options, unembedded }).map((f) => f.chunkId);
  test("keeps keyword places while fewer than half the keyword candidates have a vector, and fuses plainly from then on", () => {
    expect(ids(keyword(1), "adaptive")).toEqual(ids(keyword(1), "within-embedded"));
    expect(ids(keyword(1), "adaptive")).toEqual(["k1", "k2", "k3", "k4"]);
    expect(ids(keyword(2), "adaptive")).toEqual(ids(keyword(2), "lexical"));
    expect(ids(keyword(2), "adaptive")).not.toEqual(["k1", "k2", "k3", "k4"]);
  });
});
