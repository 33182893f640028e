import { describe, expect, test } from "bun:test";
import { compileGlob, createCrawlScope } from "./crawl-scope.ts";

const glob = (pattern: string, url: string) => compileGlob(pattern)(new URL(url));

describe("crawl scope", () => {
  describe("the host", () => {
    const scope = createCrawlScope({ baseUrl: "https://example.com/" });

    test("admits the same host over either scheme and its www. spelling", () => {
      expect(scope.inScope("https://example.com/a")).toBe(true);
      expect(scope.inScope("http://example.com/a")).toBe(true);
      expect(scope.inScope("https://www.example.com/a")).toBe(true);
    });

    test("refuses other hosts, subdomains and ports", () => {
      expect(scope.reason("https://blog.example.com/a")).toBe("other-host");
      expect(scope.reason("https://example.org/a")).toBe("other-host");
      expect(scope.reason("https://example.com:8443/a")).toBe("other-host");
      expect(scope.reason("mailto:a@example.com")).toBe("invalid-url");
      expect(scope.reason("nope")).toBe("invalid-url");
    });
  });

  describe("the base path", () => {
    test("a directory without its slash covers itself and what is under it, not its siblings", () => {
      const scope = createCrawlScope({ baseUrl: "https://example.com/docs" });
      expect(scope.inScope("https://example.com/docs")).toBe(true);
      expect(scope.inScope("https://example.com/docs/")).toBe(true);
      expect(scope.inScope("https://example.com/docs/a/b")).toBe(true);
      expect(scope.reason("https://example.com/docsearch")).toBe("outside-base-path");
      expect(scope.reason("https://example.com/")).toBe("outside-base-path");
    });

    test("a file name means its directory", () => {
      const scope = createCrawlScope({ baseUrl: "https://example.com/guide/index.html" });
      expect(scope.inScope("https://example.com/guide/install")).toBe(true);
      expect(scope.reason("https://example.com/other")).toBe("outside-base-path");
    });
  });

  describe("include and exclude patterns", () => {
    test("exclude wins over include", () => {
      const scope = createCrawlScope({ baseUrl: "https://example.com/", includePatterns: ["/blog/**"], excludePatterns: ["/blog/drafts/**"] });
      expect(scope.inScope("https://example.com/blog/2024/post")).toBe(true);
      expect(scope.reason("https://example.com/blog/drafts/x")).toBe("excluded-pattern");
      expect(scope.reason("https://example.com/about")).toBe("not-included");
    });

    test("no include patterns means everything under the base is included", () => {
      const scope = createCrawlScope({ baseUrl: "https://example.com/", excludePatterns: ["*.pdf"] });
      expect(scope.inScope("https://example.com/anything/here")).toBe(true);
      expect(scope.reason("https://example.com/files/report.pdf")).toBe("excluded-pattern");
    });
  });

  describe("a glob", () => {
    test("* stays within a segment and ** crosses segments", () => {
      expect(glob("/blog/*", "https://e.com/blog/post")).toBe(true);
      expect(glob("/blog/*", "https://e.com/blog/")).toBe(true);
      expect(glob("/blog/*", "https://e.com/blog/2024/post")).toBe(false);
      expect(glob("/blog/**", "https://e.com/blog/2024/post")).toBe(true);
      expect(glob("/docs/**/intro", "https://e.com/docs/intro")).toBe(true);
      expect(glob("/docs/**/intro", "https://e.com/docs/v1/en/intro")).toBe(true);
    });

    test("? matches exactly one character other than /", () => {
      expect(glob("/v?/api", "https://e.com/v2/api")).toBe(true);
      expect(glob("/v?/api", "https://e.com/v10/api")).toBe(false);
    });

    test("a pattern without a leading slash matches at any depth", () => {
      expect(glob("*.pdf", "https://e.com/a/b/c.pdf")).toBe(true);
      expect(glob("private/**", "https://e.com/team/private/x")).toBe(true);
      expect(glob("private/**", "https://e.com/privateer/x")).toBe(false);
    });

    test("a pattern with a scheme matches the whole address including the query", () => {
      expect(glob("https://e.com/search?*", "https://e.com/search?q=x")).toBe(true);
      expect(glob("https://e.com/search?*", "https://e.com/search/x")).toBe(false);
    });

    test("treats regex characters literally", () => {
      expect(glob("/a+b(c).html", "https://e.com/a+b(c).html")).toBe(true);
      expect(glob("/a.html", "https://e.com/aXhtml")).toBe(false);
    });
  });
});
