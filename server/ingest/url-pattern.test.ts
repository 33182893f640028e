import { describe, expect, test } from "bun:test";
import { compileUrlPattern, UrlPatternError } from "./url-pattern.ts";

describe("url patterns", () => {
  describe("globs", () => {
    test("a single star stays within one path segment", () => {
      const re = compileUrlPattern("https://ex.com/docs/*");
      expect(re.test("https://ex.com/docs/a")).toBe(true);
      expect(re.test("https://ex.com/docs/a/b")).toBe(false);
    });
    test("a double star crosses segments", () => {
      expect(compileUrlPattern("https://ex.com/docs/**").test("https://ex.com/docs/a/b")).toBe(true);
    });
    test("a pattern without a scheme matches the path of any URL", () => {
      const re = compileUrlPattern("/blog/**");
      expect(re.test("https://ex.com/blog/2024/post")).toBe(true);
      expect(re.test("https://ex.com/docs/blog/x")).toBe(false);
    });
    test("dots and other regex characters are literal", () => {
      expect(compileUrlPattern("/a.html").test("https://ex.com/aXhtml")).toBe(false);
    });
  });
  describe("regular expressions", () => {
    test("are written between slashes with flags", () => {
      expect(compileUrlPattern("/DOCS\\/v[12]\\//i").test("https://ex.com/docs/v2/x")).toBe(true);
    });
    test("an invalid one is a UrlPatternError", () => {
      expect(() => compileUrlPattern("/([a-/")).toThrow(UrlPatternError);
    });
  });
});
