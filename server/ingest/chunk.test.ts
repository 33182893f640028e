import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { chunkBlocks } from "./chunk.ts";
import { cleanHtml } from "./clean-html.ts";
import type { ContentBlock } from "./content-block.ts";

const SITE = new URL("../../tests/fixtures/httpd/site/", import.meta.url);
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const h = (level: 1 | 2 | 3, text: string, anchor: string | null = null): ContentBlock => ({ kind: "heading", level, text, anchor });
const p = (text: string): ContentBlock => ({ kind: "text", text });
const sentences = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `Sentence ${i} about ${tag} has exactly eight words.`).join(" ");

describe("chunkBlocks", () => {
  describe("heading paths", () => {
    test("start with the title, then the headings down to the section", () => {
      const chunks = chunkBlocks({ title: "Guide", blocks: [h(2, "Install", "install"), p("Get it."), h(3, "Linux"), p(sentences(6, "linux"))] });
      expect(chunks.map((c) => [c.headingPath, c.heading, c.anchor])).toEqual([
        [["Guide", "Install"], "Install", "install"],
        [["Guide", "Install", "Linux"], "Linux", "install"],
      ]);
    });

    test("leave the title out when the h1 already says it", () => {
      const chunks = chunkBlocks({ title: "mod_rewrite - Apache HTTP Server", blocks: [h(1, "Apache Module mod_rewrite", "top"), p("Intro text.")] });
      expect(chunks[0]!.headingPath).toEqual(["Apache Module mod_rewrite"]);
    });

    test("pop back up when a higher-level heading follows", () => {
      const chunks = chunkBlocks({ title: "T", blocks: [h(2, "A"), h(3, "A1"), p(sentences(6, "a1")), h(2, "B", "b"), p(sentences(6, "b"))] });
      expect(chunks.map((c) => c.headingPath)).toEqual([
        ["T", "A", "A1"],
        ["T", "B"],
      ]);
    });

    test("are the title alone for text before any heading", () => {
      expect(chunkBlocks({ title: "Notes", blocks: [p("Loose text.")] })).toEqual([
        { position: 0, headingPath: ["Notes"], heading: "Notes", anchor: null, text: "Loose text." },
      ]);
    });
  });

  describe("section boundaries", () => {
    test("never merge sibling sections, however small", () => {
      const chunks = chunkBlocks({ title: "T", blocks: [h(2, "A"), p("One."), h(2, "B"), p("Two.")] });
      expect(chunks.map((c) => c.text)).toEqual(["One.", "Two."]);
    });

    test("fold a tiny child section into its parent's chunk with its heading as a line", () => {
      const chunks = chunkBlocks({
        title: "T",
        blocks: [h(2, "Logging", "logging"), p("Set the log level."), h(3, "Example"), p("LogLevel alert rewrite:trace3")],
      });
      expect(chunks).toEqual([
        {
          position: 0,
          headingPath: ["T", "Logging"],
          heading: "Logging",
          anchor: "logging",
          text: "Set the log level.\nExample\nLogLevel alert rewrite:trace3",
        },
      ]);
    });

    test("emit no chunk for headings without text", () => {
      expect(chunkBlocks({ title: "T", blocks: [h(2, "Empty"), h(2, "Also empty"), p("   ")] })).toEqual([]);
    });
  });

  describe("sizes", () => {
    test("split a long section at sentence boundaries with overlap and within maxWords", () => {
      const chunks = chunkBlocks({ title: "T", blocks: [h(2, "Long"), p(sentences(100, "length"))] }, { targetWords: 100, overlapWords: 20, maxWords: 120 });
      expect(chunks.length).toBeGreaterThan(7);
      for (const c of chunks) {
        expect(words(c.text)).toBeLessThanOrEqual(120);
        expect(c.text).toMatch(/^Sentence \d+ .*words\.$/);
      }
      const last = (t: string) => t.match(/Sentence (\d+)[^.]*\.$/)![1];
      const first = (t: string) => t.match(/^Sentence (\d+)/)![1];
      expect(Number(first(chunks[1]!.text))).toBeLessThan(Number(last(chunks[0]!.text)) + 1);
    });

    test("cut a sentence without punctuation into word runs below maxWords", () => {
      const chunks = chunkBlocks({ title: "T", blocks: [p("word ".repeat(1000))] });
      for (const c of chunks) expect(words(c.text)).toBeLessThanOrEqual(240);
      expect(chunks.reduce((n, c) => n + words(c.text), 0)).toBeGreaterThanOrEqual(1000);
    });

    test("keep every chunk of the httpd manual within the default limits, in order, and non-empty", () => {
      for (const path of ["mod/mod_rewrite.html", "howto/htaccess.html", "glossary.html", "index.html"]) {
        const page = cleanHtml(readFileSync(new URL(path, SITE), "utf8"), `http://docs.test/${path}`);
        const chunks = chunkBlocks({ title: page.title, blocks: page.blocks });
        expect(chunks.length).toBeGreaterThan(3);
        chunks.forEach((c, i) => {
          expect(c.position).toBe(i);
          expect(c.text.trim()).not.toBe("");
          expect(words(c.text)).toBeLessThanOrEqual(240);
        });
      }
    });
  });

  test("give httpd's RewriteRule section its heading path and anchor", () => {
    const page = cleanHtml(readFileSync(new URL("mod/mod_rewrite.html", SITE), "utf8"), "http://docs.test/mod/mod_rewrite.html");
    const rule = chunkBlocks({ title: page.title, blocks: page.blocks }).filter((c) => c.headingPath[1] === "RewriteRule Directive");
    expect(rule.length).toBeGreaterThan(3);
    expect(rule[0]).toMatchObject({ headingPath: ["Apache Module mod_rewrite", "RewriteRule Directive"], anchor: "RewriteRule" });
    // A subsection with its own <a name> links there; one without falls back to the directive's anchor.
    expect(rule.find((c) => c.heading === "What is matched?")?.anchor).toBe("what_is_matched");
    expect(rule.find((c) => c.heading === "Modifying the Query String")?.anchor).toBe("RewriteRule");
  });
});
