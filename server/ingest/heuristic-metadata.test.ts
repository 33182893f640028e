import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { HeuristicMetadataExtractor, heuristicSummary, heuristicTags, heuristicTitle } from "./heuristic-metadata.ts";
import { cleanHtml } from "./clean-html.ts";

const SITE = new URL("../../tests/fixtures/httpd/site/", import.meta.url);
const pageText = (path: string) =>
  cleanHtml(readFileSync(new URL(path, SITE), "utf8"), `http://docs.test/${path}`)
    .blocks.map((b) => b.text)
    .join("\n");

describe("heuristic metadata", () => {
  describe("title", () => {
    test("is the first line without Markdown marks", () => {
      expect(heuristicTitle("# Installing on Linux\n\nText.")).toBe("Installing on Linux");
    });
    test("is cut at a word boundary when the first line is long", () => {
      const title = heuristicTitle("word ".repeat(100));
      expect(title.length).toBeLessThanOrEqual(120);
      expect(title.endsWith("word…")).toBe(true);
    });
  });

  describe("summary", () => {
    test("is the first prose sentences of an httpd tutorial, skipping headings", () => {
      const summary = heuristicSummary(pageText("howto/htaccess.html"));
      expect(summary.startsWith(".htaccess files provide a way to make configuration changes on a per-directory basis.")).toBe(true);
      expect(summary.length).toBeLessThanOrEqual(300);
      expect(summary).toMatch(/[.!?]$/);
    });
    test("ends at a word boundary when one sentence is longer than 300 characters", () => {
      const summary = heuristicSummary(`${"A very long clause that goes on, ".repeat(20)}and ends.`);
      expect(summary.length).toBeLessThanOrEqual(300);
      expect(summary.endsWith("…")).toBe(true);
    });
    test("is empty for empty text", () => {
      expect(heuristicSummary("")).toBe("");
    });
  });

  describe("tags", () => {
    test("name what an httpd page is about, in lowercase, at most eight", () => {
      const tags = heuristicTags(pageText("mod/mod_rewrite.html"));
      expect(tags.length).toBeLessThanOrEqual(8);
      expect(tags).toContain("mod_rewrite");
      expect(tags.every((t) => t === t.toLowerCase())).toBe(true);
      expect(tags).not.toContain("the");
    });
    test("favour words of headings", () => {
      expect(heuristicTags("Caching\nThe proxy stores responses. The proxy is fast.\nCaching\nMore text here.")[0]).toBe("caching");
    });
  });

  test("extracts only the missing fields, without a model or tokens", async () => {
    const out = await new HeuristicMetadataExtractor().extract({
      url: "http://x.test/",
      text: "# Title\n\nA first sentence that is long enough to count.",
      missing: ["summary"],
    });
    expect(out).toMatchObject({ summary: "A first sentence that is long enough to count.", model: null, inputTokens: 0, outputTokens: 0 });
    expect(out.title).toBeUndefined();
    expect(out.tags).toBeUndefined();
  });
});
