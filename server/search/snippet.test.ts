import { describe, expect, test } from "bun:test";
import { makeSnippet } from "./snippet.ts";
import { queryStems, stem } from "./stem.ts";

const marked = (s: { text: string; highlights: Array<[number, number]> }) => s.highlights.map(([a, b]) => s.text.slice(a, b));

describe("stem", () => {
  test("brings inflections of a word together", () => {
    for (const group of [
      ["configure", "configuring", "configured", "configures", "configuration"],
      ["install", "installing", "installed", "installs"],
      ["proxy", "proxies"],
    ]) {
      expect(new Set(group.map(stem)).size).toBe(1);
    }
  });

  test("leaves words ending in ss, us and is whole", () => {
    expect(stem("access")).toBe("access");
    expect(stem("status")).toBe("status");
  });
});

describe("snippet", () => {
  test("highlights query words, stems included, at their offsets", () => {
    const s = makeSnippet("Configuring the proxy is easy: configure proxies once.", queryStems("configure proxy"));
    expect(marked(s)).toEqual(["Configuring", "proxy", "configure", "proxies"]);
  });

  test("picks the window with the most distinct query words in a long text", () => {
    const filler = "Lorem ipsum dolor sit amet. ".repeat(20);
    const s = makeSnippet(`${filler}The proxy forwards headers to the server. ${filler}`, queryStems("proxy headers"));
    expect(s.text.length).toBeLessThanOrEqual(240);
    expect(s.text.startsWith("… ")).toBe(true);
    expect(s.text.endsWith(" …")).toBe(true);
    expect(marked(s)).toEqual(["proxy", "headers"]);
  });

  test("without a match shows the opening of the text", () => {
    const s = makeSnippet("First sentence here. Second one.", queryStems("kubernetes"));
    expect(s).toEqual({ text: "First sentence here. Second one.", highlights: [] });
  });

  test("collapses whitespace so the snippet is one line of plain text", () => {
    expect(makeSnippet("a\n\n  b\tc", new Set()).text).toBe("a b c");
  });

  test("stop words are not highlighted unless the query has nothing else", () => {
    expect(marked(makeSnippet("the proxy and the server", queryStems("the proxy")))).toEqual(["proxy"]);
    expect(marked(makeSnippet("the proxy", queryStems("the")))).toEqual(["the"]);
  });
});
