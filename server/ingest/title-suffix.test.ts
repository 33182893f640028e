import { describe, expect, test } from "bun:test";
import { sharedTitleSuffix, stripTitleSuffix } from "./title-suffix.ts";

const httpd = ["Getting Started - Apache HTTP Server Version 2.4", "mod_dir - Apache HTTP Server Version 2.4", "Glossary - Apache HTTP Server Version 2.4"];

describe("sharedTitleSuffix", () => {
  test("finds the site name every title ends with", () => {
    expect(sharedTitleSuffix("mod_rewrite - Apache HTTP Server Version 2.4", httpd)).toBe(" - Apache HTTP Server Version 2.4");
  });

  test("takes the longest shared suffix, not the last separator's", () => {
    const others = ["A | Guide | Acme Docs", "B | Guide | Acme Docs", "C | API | Acme Docs"];
    expect(sharedTitleSuffix("D | Guide | Acme Docs", others)).toBe(" | Guide | Acme Docs");
    expect(sharedTitleSuffix("E | API | Acme Docs", others)).toBe(" | Acme Docs");
  });

  test("finds nothing until enough pages share it", () => {
    expect(sharedTitleSuffix("A - Site", ["B - Site"])).toBeNull();
    expect(sharedTitleSuffix("A - Site", ["B - Site", "C - Site", "D", "E", "F"])).toBeNull();
  });

  test("leaves titles whose dash is part of the title", () => {
    expect(sharedTitleSuffix("Foo - bar", ["Install - Linux", "Install - macOS", "Pricing"])).toBeNull();
  });
});

describe("stripTitleSuffix", () => {
  test("strips the suffix and keeps a title that is only the suffix", () => {
    expect(stripTitleSuffix("Glossary - Apache HTTP Server Version 2.4", " - Apache HTTP Server Version 2.4")).toBe("Glossary");
    expect(stripTitleSuffix("Glossary", " - X")).toBe("Glossary");
    expect(stripTitleSuffix("Glossary", null)).toBe("Glossary");
  });
});
