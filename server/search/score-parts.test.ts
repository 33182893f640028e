// The playground's score split: the parts add up to the reported score, with and without a vector, boosted or not.
import { describe, expect, test } from "bun:test";
import { calibratedScore, defaultCalibration, scoreParts, type ChunkSignals } from "./fusion.ts";
import { explainScore } from "./score-parts.ts";

const o = { alpha: 0.5, calibration: defaultCalibration };
const signal = (lexical: number | null, similarity: number | null, coverage?: number): ChunkSignals => ({
  chunkId: "c",
  lexical,
  similarity,
  coverage,
  lexicalRank: null,
  vectorRank: null,
});

describe("score parts", () => {
  test("keyword and meaning add up to the reported score, whichever evidence there is", () => {
    for (const s of [signal(3, 0.5), signal(null, 0.6), signal(0.01, 0.3, 1), signal(8, 0.1), signal(2, null, 0.5)]) {
      const parts = scoreParts(s, o);
      expect(parts.keyword + (parts.meaning ?? 0)).toBeCloseTo(calibratedScore(s, o, true), 10);
    }
  });

  test("without a similarity, meaning is null and keyword is the whole score", () => {
    const s = signal(4, null);
    expect(scoreParts(s, o)).toEqual({ keyword: calibratedScore(s, o, true), meaning: null });
  });

  test("a boost scales both parts so they still add up to the boosted score", () => {
    const parts = explainScore({ keyword: 0.2, meaning: 0.3 }, 0.5, 0.75);
    expect(parts).toEqual({ keyword: 0.3, meaning: 0.45 });
    expect(explainScore({ keyword: 0, meaning: null }, 0, 0)).toEqual({ keyword: 0, meaning: null });
  });
});
