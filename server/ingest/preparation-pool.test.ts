import { afterEach, describe, expect, test } from "bun:test";
import { PreparationPool } from "./preparation-pool.ts";

let pool: PreparationPool | null = null;
afterEach(() => pool?.close());

const page = (i: number) =>
  `<html><head><title>Page ${i}</title></head><body><main><h1>Page ${i}</h1>${"<h2>Part</h2><p>Some words of text here.</p>".repeat(40)}</main></body></html>`;

describe("PreparationPool", () => {
  test("cleans and chunks on a worker thread with the same result as inline", async () => {
    pool = new PreparationPool({ workers: 1 });
    const cleaned = await pool.clean(page(1), "https://example.com/1", "org_a");
    expect(cleaned.title).toBe("Page 1");
    const chunks = await pool.chunk({ title: cleaned.title, blocks: cleaned.blocks }, "org_a");
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]!.headingPath[0]).toBe("Page 1");
  }, 30_000);

  test("serves tenants in turns: another tenant's page waits for one page of the first, not for its pile", async () => {
    pool = new PreparationPool({ workers: 1 });
    const finished: string[] = [];
    const pile = Array.from({ length: 6 }, (_, i) => pool!.clean(page(i), `https://a.example.com/${i}`, "org_a").then(() => void finished.push(`a${i}`)));
    const other = pool.clean(page(99), "https://b.example.com/", "org_b").then(() => void finished.push("b"));
    await Promise.all([...pile, other]);
    expect(finished.indexOf("b")).toBeLessThanOrEqual(2);
    expect(finished.filter((f) => f.startsWith("a"))).toEqual(["a0", "a1", "a2", "a3", "a4", "a5"]);
  }, 30_000);

  test("a closed pool refuses new work", async () => {
    pool = new PreparationPool({ workers: 1 });
    pool.close();
    expect(pool.clean("<p>x</p>", "https://example.com/", "org_a")).rejects.toThrow("closed");
  });
});

describe("PreparationPool reading PDFs", () => {
  const workerUrl = new URL("../composition/preparation-thread.ts", import.meta.url).href;

  test("a PDF still being read at the time limit is refused, its worker stopped, and the pool serves the next page", async () => {
    const { pdfBomb } = await import("../../tests/fixtures/pdf-bomb.ts");
    pool = new PreparationPool({ workers: 1, workerUrl, pdfTimeoutMs: 300 });
    const started = performance.now();
    // Under the inflation cap, so only the clock stops it (pdf.js needs seconds for this one).
    const read = pool.read({ bytes: pdfBomb(30_000_000), maxPages: 10, tenant: "org_a" });
    expect(read).rejects.toThrow("took longer than");
    await read.catch(() => {});
    expect(performance.now() - started).toBeLessThan(1_500);
    const cleaned = await pool.clean(page(2), "https://example.com/2", "org_b");
    expect(cleaned.title).toBe("Page 2");
  }, 30_000);

  test("an ordinary PDF is read on the worker", async () => {
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText("Quinces ripen in autumn.", { x: 50, y: 700, size: 14, font });
    pool = new PreparationPool({ workers: 1, workerUrl });
    const text = await pool.read({ bytes: await doc.save(), maxPages: 10, tenant: "org_a" });
    expect(text.pages[0]).toContain("Quinces ripen in autumn.");
  }, 30_000);
});
