import { describe, expect, test } from "bun:test";
import { correctWord } from "./typo-correction.ts";

describe("correctWord", () => {
  test("a word the site never uses is corrected to its nearest known word", () => {
    expect(
      correctWord("virtaul", [
        { term: "virtual", chunks: 12 },
        { term: "virtually", chunks: 3 },
      ]),
    ).toEqual({ alternatives: ["virtual"], best: "virtual" });
  });
  test("a known word is left alone", () => {
    expect(
      correctWord("host", [
        { term: "host", chunks: 5 },
        { term: "hosts", chunks: 50 },
      ]),
    ).toBeNull();
  });
  test("a rare word beside a much commoner look-alike is corrected, keeping the exact word searchable", () => {
    expect(
      correctWord("proxxy", [
        { term: "proxxy", chunks: 1 },
        { term: "proxy", chunks: 40 },
      ])?.best,
    ).toBe("proxy");
  });
  test("short words and numbers are never corrected", () => {
    expect(correctWord("ssl", [{ term: "sql", chunks: 9 }])).toBeNull();
    expect(correctWord("2025", [{ term: "2024", chunks: 9 }])).toBeNull();
  });
  test("a look-alike beyond the allowed edits is not a correction", () => {
    expect(
      correctWord("hast", [
        { term: "haste", chunks: 1 },
        { term: "boost", chunks: 9 },
      ])?.best,
    ).toBe("haste");
    expect(correctWord("cart", [{ term: "carrot", chunks: 9 }])).toBeNull();
  });
  test("long words may carry two typos", () => {
    expect(correctWord("confgiuration", [{ term: "configuration", chunks: 3 }])?.best).toBe("configuration");
  });
});
