import { describe, expect, test } from "bun:test";
import { commonFolder, errorKind, excludeFor, isMissingKind } from "./error-pattern.ts";

const under = (folder: string, n: number) => Array.from({ length: n }, (_, i) => `https://docs.example.com${folder}page-${i}.html`);

describe("errorKind", () => {
  test("is the status or cause before any detail", () => {
    expect(errorKind("HTTP 404")).toBe("HTTP 404");
    expect(errorKind("timeout: no answer in 10 s")).toBe("timeout");
    expect(errorKind("not indexed: the page is empty")).toBe("not indexed");
    expect(errorKind(null)).toBe("unknown error");
  });
  test("404 and 410 are missing pages, 500 is not", () => {
    expect(isMissingKind("HTTP 404")).toBe(true);
    expect(isMissingKind("HTTP 410")).toBe(true);
    expect(isMissingKind("HTTP 500")).toBe(false);
  });
});

describe("commonFolder", () => {
  test("names the folder holding most dead links, as deep as it still holds them all", () => {
    const urls = [...under("/manual/de/mod/", 40), ...under("/manual/fr/", 3), ...under("/", 2)];
    expect(commonFolder(urls, "https://docs.example.com/", 20)).toEqual({ prefix: "https://docs.example.com/manual/de/mod/", count: 40 });
  });

  test("prefers the folder with more links over a deeper one with fewer", () => {
    const urls = [...under("/old/a/", 15), ...under("/old/b/", 15)];
    expect(commonFolder(urls, "https://docs.example.com/", 15)).toEqual({ prefix: "https://docs.example.com/old/", count: 30 });
  });

  test("never names the base folder itself, nor a folder under the least count", () => {
    const spread = [...under("/a/", 6), ...under("/b/", 6), ...under("/", 10)];
    expect(commonFolder(spread, "https://docs.example.com/", 11)).toBeNull();
    expect(commonFolder(under("/docs/", 30), "https://docs.example.com/docs/", 10)).toBeNull();
    expect(commonFolder(under("/docs/x/", 30), "https://docs.example.com/docs/", 10)?.prefix).toBe("https://docs.example.com/docs/x/");
  });

  test("says nothing about a handful of errors", () => {
    expect(commonFolder(under("/old/", 5), "https://docs.example.com/", 1)).toBeNull();
  });

  test("the exclude pattern is the folder's path glob", () => {
    expect(excludeFor("https://docs.example.com/manual/de/")).toBe("/manual/de/**");
  });
});
