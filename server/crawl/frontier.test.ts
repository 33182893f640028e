import { describe, expect, test } from "bun:test";
import { createCrawlScope } from "./crawl-scope.ts";
import { admitUrl, CrawlFrontier, type FrontierEntry } from "./frontier.ts";
import { parseRobots } from "./robots-policy.ts";

const scope = createCrawlScope({ baseUrl: "https://e.com/docs/", includePatterns: ["/docs/guide/**"], excludePatterns: ["*.pdf"] });
const robots = parseRobots("https://e.com/robots.txt", "User-agent: *\nDisallow: /docs/guide/secret\n", "site-search-bot");

function drain(frontier: CrawlFrontier): FrontierEntry[] {
  const out: FrontierEntry[] = [];
  for (let entry = frontier.next(); entry; entry = frontier.next()) out.push(entry);
  return out;
}

describe("crawl frontier", () => {
  describe("admitting an address", () => {
    const admit = (url: string, extra: Partial<Parameters<typeof admitUrl>[0]> = {}) =>
      admitUrl({ url, depth: 1, seen: new Set(["https://e.com/docs/guide/seen"]), maxDepth: 2, scope, robots, ...extra });

    test("admits a new in-scope address in its normalised form", () => {
      expect(admit("guide/a?utm_source=x#top", { base: "https://E.com/docs/" })).toEqual({ admit: true, normalised: "https://e.com/docs/guide/a" });
    });

    test("gives the reason for each refusal", () => {
      expect(admit("mailto:x@e.com")).toMatchObject({ admit: false, reason: "invalid-url" });
      expect(admit("https://e.com/docs/guide/seen#x")).toMatchObject({ admit: false, reason: "duplicate" });
      expect(admit("https://e.com/docs/guide/a", { depth: 3 })).toMatchObject({ admit: false, reason: "too-deep" });
      expect(admit("https://other.com/docs/guide/a")).toMatchObject({ admit: false, reason: "other-host" });
      expect(admit("https://e.com/blog")).toMatchObject({ admit: false, reason: "outside-base-path" });
      expect(admit("https://e.com/docs/guide/a.pdf")).toMatchObject({ admit: false, reason: "excluded-pattern" });
      expect(admit("https://e.com/docs/api")).toMatchObject({ admit: false, reason: "not-included" });
      expect(admit("https://e.com/docs/guide/secret")).toMatchObject({ admit: false, reason: "robots-disallowed" });
    });

    test("lets a seed past the include patterns but not past the excludes", () => {
      expect(admit("https://e.com/docs/", { seed: true, depth: 0 })).toMatchObject({ admit: true });
      expect(admit("https://e.com/docs/x.pdf", { seed: true, depth: 0 })).toMatchObject({ admit: false, reason: "excluded-pattern" });
    });
  });

  describe("ordering and limits", () => {
    test("hands out addresses breadth-first, each once", () => {
      const frontier = new CrawlFrontier({ scope, maxDepth: 3, maxPages: 100 });
      frontier.seed("https://e.com/docs/");
      expect(frontier.next()).toEqual({ url: "https://e.com/docs/", depth: 0 });
      frontier.add("guide/a", 1, "https://e.com/docs/");
      frontier.add("guide/b", 1, "https://e.com/docs/");
      expect(frontier.next()!.url).toBe("https://e.com/docs/guide/a");
      frontier.add("deep", 2, "https://e.com/docs/guide/a/");
      expect(frontier.add("/docs/guide/b", 2, "https://e.com/docs/guide/a/")).toMatchObject({ admit: false, reason: "duplicate" });
      expect(drain(frontier).map((e) => e.url)).toEqual(["https://e.com/docs/guide/b", "https://e.com/docs/guide/a/deep"]);
    });

    test("stops handing out addresses after maxPages fetches while still counting discoveries", () => {
      const frontier = new CrawlFrontier({ scope, maxDepth: 3, maxPages: 2 });
      for (const n of [1, 2, 3, 4]) frontier.add(`https://e.com/docs/guide/${n}`, 1);
      expect(drain(frontier)).toHaveLength(2);
      expect(frontier).toMatchObject({ fetched: 2, discovered: 4, pending: 2 });
    });

    test("refuses new addresses once maxDiscovered is reached", () => {
      const frontier = new CrawlFrontier({ scope, maxDepth: 3, maxPages: 1, maxDiscovered: 2 });
      frontier.add("https://e.com/docs/guide/1", 1);
      frontier.add("https://e.com/docs/guide/2", 1);
      expect(frontier.add("https://e.com/docs/guide/3", 1)).toMatchObject({ admit: false, reason: "limit-reached" });
    });

    test("applies robots rules given to it", () => {
      const frontier = new CrawlFrontier({ scope, maxDepth: 3, maxPages: 10, robots });
      expect(frontier.add("https://e.com/docs/guide/secret", 1)).toMatchObject({ admit: false, reason: "robots-disallowed" });
    });

    test("claims a redirect's final address once", () => {
      const frontier = new CrawlFrontier({ scope, maxDepth: 3, maxPages: 10 });
      frontier.add("https://e.com/docs/guide/a", 1);
      expect(frontier.claim("https://e.com/docs/guide/a/")).toBe(true);
      expect(frontier.claim("https://E.com/docs/guide/a/#x")).toBe(false);
      expect(frontier.add("https://e.com/docs/guide/a/", 1)).toMatchObject({ admit: false, reason: "duplicate" });
    });

    test("keeps its order across many entries", () => {
      const frontier = new CrawlFrontier({ scope, maxDepth: 3, maxPages: 5000 });
      for (let n = 0; n < 3000; n++) frontier.add(`https://e.com/docs/guide/${n}`, 1);
      const urls = drain(frontier).map((e) => e.url);
      expect(urls).toHaveLength(3000);
      expect(urls[2999]).toBe("https://e.com/docs/guide/2999");
      expect(new Set(urls).size).toBe(3000);
    });
  });
});
