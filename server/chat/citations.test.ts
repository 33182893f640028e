import { describe, expect, test } from "bun:test";
import { extractCitations, renumberCitations } from "./citations.ts";

describe("extractCitations", () => {
  describe("with the single form [n]", () => {
    test("returns the cited numbers in order of first use without repeats", () => {
      expect(extractCitations("Install it [3]. Then run it [1]. Done [3].", 5)).toEqual([3, 1]);
    });
  });

  describe("with grouped forms", () => {
    test("reads [1, 2], [1][2] and ranges [2-4] alike", () => {
      expect(extractCitations("A [1, 2]. B [5][4]. C [2-3].", 5)).toEqual([1, 2, 5, 4, 3]);
      expect(extractCitations("D [1–3].", 5)).toEqual([1, 2, 3]);
    });
  });

  describe("with numbers that name no source", () => {
    test("ignores 0 and numbers above the source count", () => {
      expect(extractCitations("A [0]. B [9]. C [2].", 3)).toEqual([2]);
    });

    test("ignores absurd ranges", () => {
      expect(extractCitations("A [1-500].", 600)).toEqual([]);
    });
  });

  describe("with brackets that are not citations", () => {
    test("skips markdown links, reference definitions and code", () => {
      const answer = "See [2](https://x.test). Use `arr[1]` and\n```\nx = y[3]\n```\n[4]: https://y.test\nTrue [5].";
      expect(extractCitations(answer, 5)).toEqual([5]);
    });
  });
});

describe("renumberCitations", () => {
  describe("when the used sources are a subset in first-use order", () => {
    test("numbers them 1..k in that order", () => {
      expect(renumberCitations("Install it [3]. Then run it [1]. Done [3].", [3, 1])).toBe("Install it [1]. Then run it [2]. Done [1].");
    });
  });

  describe("with grouped forms", () => {
    test("writes each number in its own brackets, ascending, without repeats", () => {
      expect(renumberCitations("A [4, 2]. B [2-4]. C [2][4].", [4, 2, 3])).toBe("A [1][2]. B [1][2][3]. C [2][1].");
    });
  });

  describe("when a citation names a source that was dropped", () => {
    test("removes it together with the space before it", () => {
      expect(renumberCitations("A [7]. B [1, 7].", [1])).toBe("A. B [1].");
    });
  });

  describe("with code in the answer", () => {
    test("leaves code untouched", () => {
      expect(renumberCitations("Use `a[2]` here [2].", [2])).toBe("Use `a[2]` here [1].");
    });
  });

  describe("after renumbering", () => {
    test("extractCitations returns 1..k", () => {
      const answer = "X [5]. Y [2, 5]. Z [9].";
      const used = extractCitations(answer, 6);
      expect(extractCitations(renumberCitations(answer, used), used.length)).toEqual([1, 2]);
    });
  });
});
