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
    test("lookaround is refused with a sentence naming it", () => {
      expect(() => compileUrlPattern("/docs(?=\\/v2)/")).toThrow(/lookahead and lookbehind/);
      expect(() => compileUrlPattern("/(?<!x)docs/")).toThrow(/lookahead and lookbehind/);
    });
    test("backreferences are refused with a sentence naming them", () => {
      expect(() => compileUrlPattern("/(a)\\1/")).toThrow(/backreferences/);
      expect(() => compileUrlPattern("/(?<x>a)\\k<x>/")).toThrow(/backreferences/);
    });
    test("a trailing part that is not JavaScript flags makes it a glob, not a regex with bad flags", () => {
      expect(compileUrlPattern("/docs/q").test("https://ex.com/docs/q")).toBe(true);
      expect(compileUrlPattern("/docs/q").test("https://ex.com/a/docs/x")).toBe(false);
    });
    test("the m and s flags keep their JavaScript meaning", () => {
      expect(compileUrlPattern("/^b$/m").test("a\nb")).toBe(true);
      expect(compileUrlPattern("/a.b/s").test("a\nb")).toBe(true);
      expect(compileUrlPattern("/a.b/").test("a\nb")).toBe(false);
    });
    test("a catastrophic pattern runs in linear time", () => {
      const re = compileUrlPattern("/^https:\\/\\/docs\\.example\\.com\\/(a+)+$/");
      const started = performance.now();
      // A backtracking engine takes tens of seconds on this input; RE2 takes microseconds.
      expect(re.test(`https://docs.example.com/${"a".repeat(40)}!`)).toBe(false);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(re.test(`https://docs.example.com/${"a".repeat(40)}`)).toBe(true);
    });
  });
});
