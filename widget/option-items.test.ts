import { describe, expect, test } from "bun:test";
import type { SearchResult } from "../shared/search.ts";
import { buildOptionGroups, flattenGroups } from "./option-items.ts";

const result = (url: string, sections = 0): SearchResult => ({
  url,
  title: url,
  snippet: "",
  score: 1,
  highlights: [],
  tags: [],
  sections: Array.from({ length: sections }, (_, i) => ({
    heading: `h${i}`,
    headingPath: [],
    anchor: `a${i}`,
    url: `${url}#a${i}`,
    snippet: "",
    highlights: [],
    score: 1,
  })),
});
const base = { recent: ["old"], chat: true, askLabel: "Ask AI", recentLabel: "Recent" };

describe("buildOptionGroups", () => {
  test("shows recent searches for an empty query", () => {
    const items = flattenGroups(buildOptionGroups({ ...base, query: "", results: [] }));
    expect(items.map((i) => i.kind)).toEqual(["recent"]);
  });

  test("puts Ask AI first, then each page followed by its sections", () => {
    const items = flattenGroups(buildOptionGroups({ ...base, query: "x", results: [result("/a", 2), result("/b")] }));
    expect(items.map((i) => i.id)).toEqual(["ask-ai", "result-0", "result-0-section-0", "result-0-section-1", "result-1"]);
  });

  test("numbers positions over results and sections, as the visitor saw them", () => {
    const items = flattenGroups(buildOptionGroups({ ...base, chat: false, query: "x", results: [result("/a", 1), result("/b")] }));
    expect(items.map((i) => ("position" in i ? i.position : -1))).toEqual([0, 1, 2]);
  });

  test("lists favourites before recent searches", () => {
    const items = flattenGroups(buildOptionGroups({ ...base, favourites: ["saved"], favouritesLabel: "Favourites", query: "", results: [] }));
    expect(items.map((i) => [i.id, "favourite" in i && i.favourite])).toEqual([
      ["favourite-0", true],
      ["recent-0", false],
    ]);
  });

  test("counts positions from the offset of a later page of results", () => {
    const items = flattenGroups(buildOptionGroups({ ...base, chat: false, offset: 10, query: "x", results: [result("/k")] }));
    expect(items.map((i) => ("position" in i ? i.position : -1))).toEqual([10]);
  });
});
