import { describe, expect, test } from "bun:test";
import { splitHighlights } from "./highlight-ranges.ts";

describe("splitHighlights", () => {
  test("marks the given ranges and keeps the rest as text", () => {
    expect(splitHighlights("install on linux", [[0, 7]])).toEqual([
      { text: "install", marked: true },
      { text: " on linux", marked: false },
    ]);
  });

  test("merges overlapping and unsorted ranges", () => {
    expect(
      splitHighlights("abcdef", [
        [3, 5],
        [1, 4],
      ]),
    ).toEqual([
      { text: "a", marked: false },
      { text: "bcd", marked: true },
      { text: "e", marked: true },
      { text: "f", marked: false },
    ]);
  });

  test("clamps ranges outside the text and skips empty ones", () => {
    expect(
      splitHighlights("abc", [
        [-5, 1],
        [2, 2],
        [2, 99],
      ]),
    ).toEqual([
      { text: "a", marked: true },
      { text: "b", marked: false },
      { text: "c", marked: true },
    ]);
  });

  describe("hostile snippets", () => {
    test("keeps markup as plain text pieces", () => {
      const pieces = splitHighlights("<img src=x onerror=alert(1)>", [[1, 4]]);
      expect(pieces.map((p) => p.text).join("")).toBe("<img src=x onerror=alert(1)>");
    });
  });
});
