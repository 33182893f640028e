import { describe, expect, test } from "bun:test";
import { createCrawlScope } from "./crawl-scope.ts";

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

    test("with credentials (sameScheme) the other scheme of the same host is another site", () => {
      const guarded = createCrawlScope({ baseUrl: "https://example.com/", sameScheme: true });
      expect(guarded.inScope("https://www.example.com/a")).toBe(true);
      expect(guarded.reason("http://example.com/a")).toBe("other-host");
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
  // The pattern language itself is tested with the table shared by every use: server/patterns/url-pattern-cases.test.ts.
});
