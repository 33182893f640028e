import { describe, expect, test } from "bun:test";
import { fragmentPassage, withTextFragment } from "./text-fragment.ts";

describe("fragmentPassage", () => {
  test("takes whole words around the first highlight", () => {
    const snippet = "…files. To enable compression, load mod_deflate and add an output filter for the types.";
    const start = snippet.indexOf("compress");
    expect(fragmentPassage(snippet, [[start, start + 8]])).toBe("To enable compression, load mod_deflate and add an output");
  });

  test("stops at the snippet's cut and at table separators", () => {
    const snippet = "Syntax: DirectoryIndex disabled | local-url · Default: DirectoryIndex index.html";
    const start = snippet.indexOf("index.html");
    expect(fragmentPassage(snippet, [[start, start + 5]])).toBe("Default: DirectoryIndex index.html");
  });

  test("is empty without a highlight", () => {
    expect(fragmentPassage("Some text", [])).toBe("");
  });
});

describe("withTextFragment", () => {
  test("adds the directive after the section anchor, which browsers without it still follow", () => {
    expect(withTextFragment("https://x.test/a.html#dirindex", "DirectoryIndex index-1.html")).toBe(
      "https://x.test/a.html#dirindex:~:text=DirectoryIndex%20index%2D1.html",
    );
  });

  test("opens a fragment when the URL has none, and leaves the URL alone without a passage", () => {
    expect(withTextFragment("https://x.test/a.html", "load it")).toBe("https://x.test/a.html#:~:text=load%20it");
    expect(withTextFragment("https://x.test/a.html", "")).toBe("https://x.test/a.html");
  });
});
