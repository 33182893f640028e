// A new site's pages are keyword-searchable the moment they are stored, at the default minScore, even while
// their vectors are pending and even when every page contains every query word (so BM25's IDF is near zero).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { withFixtureVectors } from "../fixtures/fixture-vectors.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";
import { MiniLmWasmEmbedder } from "../../server/adapters/embedder/minilm-wasm.ts";

let ctx: TestContext;
// The real model, its vectors of these fixtures read from tests/fixtures/fixture-vectors.json where stored.
const embedder = withFixtureVectors(() => new MiniLmWasmEmbedder({ passageWorkers: 0 }));
beforeAll(async () => {
  // Scores and ranks here depend on BM25's corpus statistics: a database of its own keeps other files' pages out.
  ctx = await createTestContext({}, { embedder }, { ownDatabase: true });
}, 60_000);
afterAll(async () => {
  embedder.close();
  await ctx.close();
});

describe("a new site", () => {
  describe("pages pushed and searched at once, before the embedding queue reaches them", () => {
    test("the default minScore still returns every page that contains the query words", async () => {
      const { siteId, key } = await createPublicSite(ctx);
      const pages = Array.from({ length: 12 }, (_, i) => ({
        url: `https://docs.example.com/vhosts/${i}`,
        title: `Virtual hosts part ${i}`,
        content: `This is a virtual host example ServerName www.example${i}.com for section ${i}. It shows how name-based hosting picks a site.`,
      }));
      const ingest = await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages } });
      expect(ingest.status).toBe(200);
      expect(ingest.body.processed).toBe(12);
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, {
        body: { query: "virtual host example ServerName" },
        headers: { origin: "https://docs.example.com" },
      });
      expect(res.status).toBe(200);
      expect(res.body.results.length).toBe(10);
      expect(res.body.totalResults).toBe(12);
      for (const r of res.body.results) expect(r.score).toBeGreaterThanOrEqual(0.3);
    }, 30_000);

    test("a page with only one of four query words stays below the default minScore", async () => {
      const { siteId, key } = await createPublicSite(ctx);
      const pages = [
        ...Array.from({ length: 5 }, (_, i) => ({
          url: `https://docs.example.com/all/${i}`,
          title: `Page ${i}`,
          content: `A virtual host example with ServerName set, number ${i}.`,
        })),
        { url: "https://docs.example.com/one", title: "Unrelated", content: "An example of a cake recipe with flour and sugar." },
      ];
      expect((await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages } })).status).toBe(200);
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, {
        body: { query: "virtual host example ServerName" },
        headers: { origin: "https://docs.example.com" },
      });
      expect(res.body.results.map((r: any) => r.url)).not.toContain("https://docs.example.com/one");
      expect(res.body.totalResults).toBe(5);
    }, 30_000);
  });
});
