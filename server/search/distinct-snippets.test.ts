import { describe, expect, test } from "bun:test";
import type { SectionMatch } from "../../shared/search.ts";
import { distinctSnippets } from "./distinct-snippets.ts";

const section = (snippet: string): SectionMatch => ({
  heading: "H", headingPath: ["H"], anchor: "h", url: "https://x.test/#h", snippet, highlights: snippet ? [[0, 1]] : [], score: 0.5,
});

describe("distinctSnippets", () => {
  test("empties a section snippet the page snippet already shows, keeping the section", () => {
    const [first, second] = distinctSnippets("The index of a directory can come from one of two sources: a file written by the user…", [
      section("The index of a directory can come from one of two sources…"),
      section("A trailing slash redirect is issued for directories."),
    ]);
    expect(first).toMatchObject({ snippet: "", highlights: [], url: "https://x.test/#h" });
    expect(second!.snippet).toBe("A trailing slash redirect is issued for directories.");
  });

  test("empties a later section that repeats an earlier one, ignoring case, spacing and ellipses", () => {
    const out = distinctSnippets("Something else entirely.", [section("…Same  words here…"), section("same words here")]);
    expect(out.map((s) => s.snippet)).toEqual(["…Same  words here…", ""]);
  });
});
