import { describe, expect, test } from "bun:test";
import { parseSuggestions } from "./suggested-questions.ts";

describe("parseSuggestions", () => {
  test("reads a JSON array", () => {
    expect(parseSuggestions('["How do I install?", " Pricing? ", 3]')).toEqual(["How do I install?", "Pricing?"]);
  });

  test("reads the | separated form", () => {
    expect(parseSuggestions("How do I install? | What does it cost?")).toEqual(["How do I install?", "What does it cost?"]);
  });

  test("returns nothing for an empty attribute", () => {
    expect(parseSuggestions(null)).toEqual([]);
  });
});
