import { describe, expect, test } from "bun:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { pdfBomb } from "../../../tests/fixtures/pdf-bomb.ts";
import { Limits } from "../../../shared/limits.ts";
import { inflatesBeyond } from "./inflated-size.ts";
import { UnpdfReader } from "./unpdf-reader.ts";

describe("UnpdfReader limits", () => {
  test("a PDF whose content stream inflates past the cap is refused before pdf.js parses it", async () => {
    const bomb = pdfBomb(60_000_000);
    expect(bomb.byteLength).toBeLessThan(300_000);
    expect(inflatesBeyond(bomb, Limits.pdfInflatedBytes)).toBe(true);
    const started = performance.now();
    expect(new UnpdfReader().read({ bytes: bomb, maxPages: 10 })).rejects.toThrow("inflate to more than");
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  test("a PDF under the inflation cap but with more text than a page may hold stops at the text cap", async () => {
    const bomb = pdfBomb(8_000_000);
    expect(inflatesBeyond(bomb, Limits.pdfInflatedBytes)).toBe(false);
    expect(new UnpdfReader().read({ bytes: bomb, maxPages: 10 })).rejects.toThrow("characters of text");
  }, 30_000);

  test("ordinary PDFs are under every cap", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 20; i++) doc.addPage().drawText(`Page ${i} about pruning apple trees.`, { x: 50, y: 700, size: 14, font });
    const bytes = await doc.save();
    expect(inflatesBeyond(bytes, 10_000)).toBe(false);
    expect((await new UnpdfReader().read({ bytes, maxPages: 100 })).pages).toHaveLength(20);
  });
});
