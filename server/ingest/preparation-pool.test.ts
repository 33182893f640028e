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
