// The authenticated site search (the dashboard's playground) splits each score into its keyword and meaning parts;
// the public search's wire shape stays as it was, without them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { withFixtureVectors } from "../fixtures/fixture-vectors.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";
import { MiniLmOnnxEmbedder } from "../../server/adapters/embedder/minilm-onnx.ts";

let ctx: TestContext;
// The real model, its vectors of these fixtures read from tests/fixtures/fixture-vectors.json where stored.
const embedder = withFixtureVectors(() => new MiniLmOnnxEmbedder({ passageWorkers: 0, fallback: "none" }));
beforeAll(async () => {
  // Scores and ranks here depend on BM25's corpus statistics: a database of its own keeps other files' pages out.
  ctx = await createTestContext({}, { embedder }, { ownDatabase: true });
  await embedder.ready();
}, 60_000);
afterAll(async () => {
  embedder.close();
  await ctx.close();
});

interface Parts {
  keyword: number;
  meaning: number | null;
}
interface Scored {
  score: number;
  scoreParts: Parts;
}
const sum = (p: Parts) => p.keyword + (p.meaning ?? 0);

async function siteSearch(key: string, siteId: string, query: string) {
  const res = await ctx.request("POST", `/api/sites/${siteId}/search`, { key, body: { query, minScore: 0 } });
  expect(res.status).toBe(200);
  return res.body as { mode: string; results: Array<Scored & { url: string; sections: Scored[] }> };
}

describe("score parts in the authenticated site search", () => {
  test("each result and section carries keyword and meaning parts that add up to its score", async () => {
    const { key, siteId } = await createPublicSite(ctx);
    await addPages(ctx, siteId, docsPages, embedder);
    const body = await siteSearch(key, siteId, "reverse proxy headers");
    expect(body.mode).toBe("hybrid");
    expect(body.results.length).toBeGreaterThan(1);
    for (const r of [...body.results, ...body.results.flatMap((x) => x.sections)]) {
      expect(r.scoreParts.keyword).toBeGreaterThanOrEqual(0);
      expect(typeof r.scoreParts.meaning).toBe("number");
      expect(Math.abs(sum(r.scoreParts) - r.score)).toBeLessThan(0.0003);
    }
    const top = body.results[0]!;
    expect(top.url).toBe("https://docs.example.com/guide/proxy");
    expect(top.scoreParts.keyword).toBeGreaterThan(0);
    expect(top.scoreParts.meaning!).toBeGreaterThan(0);
  });

  test("a page that shares no words with the query owes its score mostly to meaning", async () => {
    const { key, siteId } = await createPublicSite(ctx);
    await addPages(ctx, siteId, docsPages, embedder);
    const body = await siteSearch(key, siteId, "what changed in the new version");
    const notes = body.results.find((r) => r.url === "https://docs.example.com/blog/release-notes");
    expect(notes).toBeDefined();
    expect(notes!.scoreParts.meaning!).toBeGreaterThan(notes!.scoreParts.keyword);
  });

  test("a page without vectors yet is scored on keywords alone: meaning is null and keyword is the score", async () => {
    const { key, siteId } = await createPublicSite(ctx);
    await addPages(ctx, siteId, docsPages);
    const body = await siteSearch(key, siteId, "installing on linux");
    expect(body.results.length).toBeGreaterThan(0);
    for (const r of body.results) {
      expect(r.scoreParts.meaning).toBeNull();
      expect(Math.abs(r.scoreParts.keyword - r.score)).toBeLessThan(0.0002);
    }
  });

  test("the public search responses do not carry them", async () => {
    const { siteId } = await createPublicSite(ctx);
    await addPages(ctx, siteId, docsPages, embedder);
    const headers = { origin: "https://docs.example.com" };
    const post = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { query: "reverse proxy headers", minScore: 0 }, headers });
    const get = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=reverse+proxy+headers&minScore=0`, { headers });
    for (const res of [post, get]) {
      expect(res.status).toBe(200);
      expect(res.body.results.length).toBeGreaterThan(0);
      for (const r of res.body.results) {
        expect(r).not.toHaveProperty("scoreParts");
        for (const s of r.sections) expect(s).not.toHaveProperty("scoreParts");
      }
    }
  });
});
