import { describe, expect, test } from "bun:test";
import { normaliseUrl } from "./url-normalise.ts";

describe("normaliseUrl", () => {
  describe("an absolute http address", () => {
    test("lower-cases scheme and host and drops default ports", () => {
      expect(normaliseUrl("HTTPS://Example.COM:443/Docs")).toBe("https://example.com/Docs");
      expect(normaliseUrl("http://example.com:80")).toBe("http://example.com/");
      expect(normaliseUrl("http://example.com:8080/a")).toBe("http://example.com:8080/a");
    });

    test("drops the fragment, credentials and a trailing dot on the host", () => {
      expect(normaliseUrl("https://user:pw@example.com./a#part")).toBe("https://example.com/a");
    });

    test("keeps trailing slashes as written except that the root is always /", () => {
      expect(normaliseUrl("https://example.com/docs/")).toBe("https://example.com/docs/");
      expect(normaliseUrl("https://example.com/docs")).toBe("https://example.com/docs");
      expect(normaliseUrl("https://example.com")).toBe("https://example.com/");
    });

    test("collapses dot segments, including escaped dots", () => {
      expect(normaliseUrl("https://example.com/a/./b/../c")).toBe("https://example.com/a/c");
      expect(normaliseUrl("https://example.com/a/%2e%2E/c")).toBe("https://example.com/c");
    });

    test("decodes unreserved escapes and upper-cases the others", () => {
      expect(normaliseUrl("https://example.com/%7Euser/%41b%2fc%c3%a9")).toBe("https://example.com/~user/Ab%2Fc%C3%A9");
    });
  });

  describe("a query string", () => {
    test("sorts parameters by name and keeps the order of repeated names", () => {
      expect(normaliseUrl("https://example.com/?b=2&a=1&b=1")).toBe("https://example.com/?a=1&b=2&b=1");
    });

    test("drops tracking parameters and an empty query", () => {
      expect(normaliseUrl("https://example.com/p?utm_source=x&UTM_Medium=y&fbclid=1&gclid=2")).toBe("https://example.com/p");
      expect(normaliseUrl("https://example.com/p?")).toBe("https://example.com/p");
      expect(normaliseUrl("https://example.com/p?id=3&utm_campaign=z")).toBe("https://example.com/p?id=3");
    });

    test("keeps the raw encoding of values", () => {
      expect(normaliseUrl("https://example.com/s?q=a+b&path=%2Fx")).toBe("https://example.com/s?path=%2Fx&q=a+b");
    });
  });

  describe("a relative address", () => {
    test("resolves against the base", () => {
      expect(normaliseUrl("../b?x=1#top", "https://example.com/docs/a/page")).toBe("https://example.com/docs/b?x=1");
      expect(normaliseUrl("//other.example/x", "https://example.com/")).toBe("https://other.example/x");
    });
  });

  describe("something that is not a web page address", () => {
    test("returns null", () => {
      for (const url of ["mailto:a@example.com", "javascript:alert(1)", "data:text/html,hi", "tel:123", "ftp://example.com/", "http://", "not a url"]) {
        expect(normaliseUrl(url)).toBeNull();
      }
      expect(normaliseUrl("javascript:void(0)", "https://example.com/")).toBeNull();
    });
  });

  describe("a numeric host", () => {
    test("comes out in dotted form so the address guard sees the real address", () => {
      expect(normaliseUrl("http://2130706433/")).toBe("http://127.0.0.1/");
      expect(normaliseUrl("http://0x7f.1/")).toBe("http://127.0.0.1/");
    });
  });
});
