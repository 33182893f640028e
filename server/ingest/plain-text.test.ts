import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { looksLikeHtml, plainTextBlocks } from "./plain-text.ts";

describe("plainTextBlocks", () => {
  test("turns Markdown headings into heading blocks and paragraphs into text blocks", () => {
    const text =
      "# Guide\n\nIntro line one\ncontinues here.\n\n## Install ##\n\n- first step\n- second step\n\nSetup\n-----\nRun **it** with `setup` and [the docs](https://x.test).";
    expect(plainTextBlocks(text)).toEqual([
      { kind: "heading", level: 1, text: "Guide", anchor: null },
      { kind: "text", text: "Intro line one continues here." },
      { kind: "heading", level: 2, text: "Install", anchor: null },
      { kind: "text", text: "- first step\n- second step" },
      { kind: "heading", level: 2, text: "Setup", anchor: null },
      { kind: "text", text: "Run it with setup and the docs." },
    ]);
  });

  test("keeps fenced code as one block, with its # comments", () => {
    expect(plainTextBlocks("Before.\n\n```sh\n# install\napt install x\n\n```\nAfter.")).toEqual([
      { kind: "text", text: "Before." },
      { kind: "text", text: "# install\napt install x" },
      { kind: "text", text: "After." },
    ]);
  });

  test("reads plain prose with Windows line ends and no headings at all", () => {
    expect(plainTextBlocks("First paragraph.\r\n\r\nSecond paragraph.\r\n")).toEqual([
      { kind: "text", text: "First paragraph." },
      { kind: "text", text: "Second paragraph." },
    ]);
  });

  test("returns nothing for blank input", () => {
    expect(plainTextBlocks("")).toEqual([]);
    expect(plainTextBlocks("\n \n\t\n")).toEqual([]);
  });
});

describe("looksLikeHtml", () => {
  describe("says yes to", () => {
    test("a real page of the httpd manual", () => {
      expect(looksLikeHtml(readFileSync(new URL("../../tests/fixtures/httpd/site/howto/htaccess.html", import.meta.url), "utf8"))).toBe(true);
    });
    test("a doctype or <html> start", () => {
      expect(looksLikeHtml("<!DOCTYPE html><title>x</title>")).toBe(true);
      expect(looksLikeHtml("\uFEFF  <html lang=en>")).toBe(true);
    });
    test("a fragment with several tags", () => {
      expect(looksLikeHtml("<h1>Title</h1><p>Text with <a href='x'>link</a>.</p>")).toBe(true);
    });
  });

  describe("says no to", () => {
    test("prose that mentions a tag", () => {
      expect(looksLikeHtml("Wrap the block in a <div> element and close it.")).toBe(false);
    });
    test("Markdown", () => {
      expect(looksLikeHtml("# Title\n\nSome *text* and a line break<br>here.")).toBe(false);
    });
    test("an empty string", () => {
      expect(looksLikeHtml("")).toBe(false);
    });
  });
});
