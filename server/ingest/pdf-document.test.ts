import { describe, expect, test } from "bun:test";
import { pdfDocument } from "./pdf-document.ts";

describe("PDF documents", () => {
  test("have one section per page with text, anchored page=N", () => {
    const doc = pdfDocument({ title: null, pages: ["Orchard Guide\nApples grow well.", "  ", "Quinces ripen late."] });
    expect(doc.title).toBe("Orchard Guide");
    expect(doc.blocks).toEqual([
      { kind: "heading", level: 2, text: "Page 1", anchor: "page=1" },
      { kind: "text", text: "Orchard Guide" },
      { kind: "text", text: "Apples grow well." },
      { kind: "heading", level: 2, text: "Page 3", anchor: "page=3" },
      { kind: "text", text: "Quinces ripen late." },
    ]);
  });

  test("prefer the document's own title", () => {
    expect(pdfDocument({ title: "Handbook", pages: ["first line"] }).title).toBe("Handbook");
  });
});
