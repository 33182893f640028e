import { describe, expect, test } from "bun:test";
import { createCrawlScope } from "../crawl/crawl-scope.ts";
import { urlPatternCases } from "./url-pattern-cases.ts";
import { compileUrlPattern } from "./url-pattern.ts";
import { compileUrlPatternSet } from "./url-pattern-set.ts";

// The same table for every use; delete by pattern runs it in SQL in tests/contract/pages-pattern.test.ts.
describe("the one URL pattern language", () => {
  test.each(urlPatternCases)("%p on %p: %p", (pattern, url, matches) => {
    expect(compileUrlPattern(pattern).test(url)).toBe(matches);
    // Boosts: the pattern among others in one RE2 set.
    expect(compileUrlPatternSet(["/never-matches-anything", pattern]).matching(url)).toEqual(matches ? [1] : []);
    // Crawl scope: as an exclude and as an include.
    const excluded = createCrawlScope({ baseUrl: "https://e.com/", excludePatterns: [pattern] }).reason(url);
    const included = createCrawlScope({ baseUrl: "https://e.com/", includePatterns: [pattern] }).reason(url);
    if (new URL(url).host === "e.com") {
      expect(excluded).toBe(matches ? "excluded-pattern" : null);
      expect(included).toBe(matches ? null : "not-included");
    }
  });

  test("negated extglobs are refused with a sentence naming them", () => {
    expect(() => compileUrlPattern("/x/!(a)")).toThrow(/negated groups/);
  });
});
