import { describe, expect, test } from "bun:test";
import type { SectionMatch } from "../../shared/search.ts";
import { distinctSnippets } from "./distinct-snippets.ts";

const section = (snippet: string, anchor = "h"): SectionMatch => ({
  heading: anchor,
  headingPath: [anchor],
  anchor,
  url: `https://x.test/#${anchor}`,
  snippet,
  highlights: snippet ? [[0, 1]] : [],
  score: 0.5,
});

describe("distinctSnippets", () => {
  test("empties a section snippet the page snippet already shows, keeping the section", () => {
    const [first, second] = distinctSnippets("The index of a directory can come from one of two sources: a file written by the user…", [
      section("The index of a directory can come from one of two sources…"),
      section("A trailing slash redirect is issued for directories.", "slash"),
    ]);
    expect(first).toMatchObject({ snippet: "", highlights: [], url: "https://x.test/#h" });
    expect(second!.snippet).toBe("A trailing slash redirect is issued for directories.");
  });

  test("empties a later section that repeats an earlier one, ignoring case, spacing and ellipses", () => {
    const out = distinctSnippets("Something else entirely.", [section("…Same  words here…"), section("same words here", "again")]);
    expect(out.map((s) => s.snippet)).toEqual(["…Same  words here…", ""]);
  });
});

describe("distinctSnippets, two chunks of one section", () => {
  const part = (snippet: string, score: number): SectionMatch => ({
    heading: "Configuration Files and Directives",
    headingPath: ["Getting Started", "Configuration Files and Directives"],
    anchor: "configuration",
    url: "https://x.test/start.html#configuration",
    snippet,
    highlights: [[0, 4]],
    score,
  });

  test("list the section once, with the later chunk's snippet when the first one's repeats the page snippet", () => {
    const page = "Apache is configured by placing directives in plain text configuration files…";
    const out = distinctSnippets(page, [
      part("…directives in plain text configuration files…", 0.8),
      part("The main configuration file is called httpd.conf.", 0.6),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ snippet: "The main configuration file is called httpd.conf.", score: 0.8, url: "https://x.test/start.html#configuration" });
  });

  test("keep the first chunk's snippet when it is new, and other sections as they come", () => {
    const other = section("Logs go to the error log.", "logs");
    const out = distinctSnippets("Something else.", [part("Directives live in httpd.conf.", 0.8), other, part("Another paragraph of it.", 0.5)]);
    expect(out.map((s) => s.snippet)).toEqual(["Directives live in httpd.conf.", "Logs go to the error log."]);
  });

  test("a section whose chunks all repeat text shown above stays once, without a snippet", () => {
    const out = distinctSnippets("plain text configuration files", [part("plain text configuration files", 0.8), part("configuration files", 0.6)]);
    expect(out).toHaveLength(1);
    expect(out[0]!.snippet).toBe("");
  });
});
