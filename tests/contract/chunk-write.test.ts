// A page's chunks are written in statements over arrays (one on PostgreSQL, slices on embedded PGlite): every field of every section lands in its own row, in
// order, and a section whose text was embedded before gets its vector back from the embedding cache at once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";
import { rows } from "../../server/adapters/postgres/database.ts";
import type { Embedder } from "../../server/ports/embedder.ts";

/** Stands in for the model (not for our storage): a vector that depends on the text, instantly. */
const textEmbedder: Embedder = {
  // Its own name each run: the embedding cache of a shared PostgreSQL database outlives a run, and would hand a second
  // run its vectors at the first write.
  model: `chunk-write-test-model-${Date.now().toString(36)}`,
  dimensions: 3,
  embed: async ({ texts }) => ({ vectors: texts.map((t) => [t.length % 7, 1, 0.5]), tokens: 0, ms: 0 }),
  ready: async () => {},
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { embedder: textEmbedder });
}, 180_000);
afterAll(() => ctx.close());

// Sections long enough to stay sections of their own (the chunker merges short ones).
const words = (topic: string) => Array.from({ length: 60 }, (_, i) => `${topic} detail ${i}`).join(" ");
const page = (url: string, more = "") => ({
  url,
  content:
    `<html><head><title>Guide</title></head><body><main><h1>Guide</h1><p>Intro ${words("intro")}.</p>` +
    `<h2 id="install">Install, then “configure”</h2><p>Run the installer; it's quick. ${words("installer")}</p>` +
    `<h3>On Linux</h3><p>Use the package manager, with {braces} and "quotes" and a \\ backslash. ${words("linux")}</p>` +
    `<h2>Upgrade</h2><p>Upgrade notes. ${words("upgrade")}</p>${more}</main></body></html>`,
});

interface ChunkRow {
  position: number;
  heading_path: string[];
  anchor: string | null;
  text: string;
  search_text: string;
  embedded: boolean;
  embedding_model: string | null;
}

async function chunksOf(siteId: string, url: string): Promise<ChunkRow[]> {
  return rows<ChunkRow>(
    ctx.db,
    sql`SELECT c.position, c.heading_path, c.anchor, c.text, c.search_text, c.embedded_at IS NOT NULL AS embedded, c.embedding_model
        FROM chunks c JOIN pages p ON p.id = c.page_id WHERE p.site_id = ${siteId} AND p.url = ${url} ORDER BY c.position`,
  );
}

describe("writing a page's chunks", () => {
  test("keeps each section's position, heading path, anchor and text, and reuses cached vectors for the same text", async () => {
    const site = await createPublicSite(ctx);
    const first = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, { key: site.key, body: { pages: [page("https://docs.example.com/a")] } });
    expect(first.status).toBe(200);
    expect(first.body.processed).toBe(1);
    const written = await chunksOf(site.siteId, "https://docs.example.com/a");
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.map((c) => c.position)).toEqual(written.map((_, i) => i));
    expect(written.every((c) => !c.embedded)).toBe(true);
    const linux = written.find((c) => c.text.includes("package manager"))!;
    expect(linux.text).toContain('{braces} and "quotes"');
    expect(linux.heading_path.slice(-2)).toEqual(["Install, then “configure”", "On Linux"]);
    expect(written.find((c) => c.text.includes("installer"))!.anchor).toBe("install");
    expect(linux.search_text).toContain("Guide");

    // Only this page's vectors matter. On the shared PostgreSQL database the queue also holds other test files' chunks,
    // and draining them all took 32 s of this test's 60; sites take turns, so this page's come up in the first batches.
    const queue = ctx.parts.ingest.embeddingQueue!;
    while ((await chunksOf(site.siteId, "https://docs.example.com/a")).some((c) => !c.embedded)) expect(await queue.step()).toBeGreaterThan(0);
    // The same sections under another URL (one section more, or it would be the same page at a second address): their
    // vectors come from the cache, with no trip through the queue.
    const longer = page("https://docs.example.com/b", `<h2>Changelog</h2><p>Changes. ${words("changelog")}</p>`);
    const second = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, { key: site.key, body: { pages: [longer] } });
    expect(second.body.processed).toBe(1);
    const copied = (await chunksOf(site.siteId, "https://docs.example.com/b")).slice(0, written.length);
    expect(copied.map(({ embedded: _, embedding_model: __, ...c }) => c)).toEqual(written.map(({ embedded: _, embedding_model: __, ...c }) => c));
    expect(copied.every((c) => c.embedded && c.embedding_model === textEmbedder.model)).toBe(true);
  }, 60_000);

  test("a page of 1,200 sections keeps every section once and in order, and a rewrite leaves none from before", async () => {
    const site = await createPublicSite(ctx);
    const sections = Array.from({ length: 1_200 }, (_, s) => `<h3>Option ${s}</h3><p>Option ${s} sets value ${s}.</p>`).join("");
    const url = "https://docs.example.com/reference";
    const res = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, {
      key: site.key,
      body: { pages: [{ url, content: `<html><head><title>Reference</title></head><body><main><h1>Reference</h1>${sections}</main></body></html>` }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.processed).toBe(1);
    const written = await chunksOf(site.siteId, url);
    expect(written).toHaveLength(1_200);
    expect(written.map((c) => c.position)).toEqual(written.map((_, i) => i));
    written.forEach((c, i) => {
      expect(c.heading_path.at(-1)).toBe(`Option ${i}`);
      expect(c.text).toContain(`Option ${i} sets value ${i}.`);
    });
    // Written again unchanged and then changed: still one row per section, none left from before.
    const again = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, {
      key: site.key,
      body: {
        pages: [
          {
            url,
            content: `<html><head><title>Reference</title></head><body><main><h1>Reference</h1>${sections.replaceAll("sets value", "holds value")}</main></body></html>`,
          },
        ],
      },
    });
    expect(again.body.processed).toBe(1);
    const rewritten = await chunksOf(site.siteId, url);
    expect(rewritten).toHaveLength(1_200);
    expect(rewritten.every((c, i) => c.text.includes(`Option ${i} holds value ${i}.`))).toBe(true);
    // The site's vocabulary counts what is stored now, though embedded PGlite writes the rows in several statements.
    const terms = await rows<{ term: string; chunks: number }>(
      ctx.db,
      sql`SELECT term, chunks FROM site_terms WHERE site_id = ${site.siteId} AND term IN ('sets', 'holds', 'option') ORDER BY term`,
    );
    expect(terms.map((t) => [t.term, Number(t.chunks)])).toEqual([
      ["holds", 1_200],
      ["option", 1_200],
    ]);
  }, 120_000);
});
