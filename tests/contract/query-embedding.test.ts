import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";
import { MiniLmOnnxEmbedder } from "../../server/adapters/embedder/minilm-onnx.ts";
import type { EmbedInput, Embedder } from "../../server/ports/embedder.ts";

// The real ONNX embedder, with its query calls counted.
const onnx = new MiniLmOnnxEmbedder({ passageWorkers: 1, fallback: "none" });
const queries: string[] = [];
const embedder: Embedder = {
  model: onnx.model,
  dimensions: onnx.dimensions,
  ready: () => onnx.ready(),
  embed: (input: EmbedInput) => {
    if (input.kind === "query") queries.push(...input.texts);
    return onnx.embed(input);
  },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { embedder });
  await onnx.ready();
}, 60_000);
afterAll(async () => {
  onnx.close();
  await ctx.close();
});

const origin = { origin: "https://docs.example.com" };
async function search(siteId: string, body: Record<string, unknown>) {
  const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body, headers: origin });
  expect(res.status).toBe(200);
  return res.body;
}

describe("query embedding cache", () => {
  test("a repeated query (up to case and spacing) is embedded once and finds the same results", async () => {
    const { siteId } = await createPublicSite(ctx);
    await addPages(ctx, siteId, docsPages, embedder);
    queries.length = 0;
    // Different limits, so the response cache does not answer the second search before the vector cache is asked.
    const first = await search(siteId, { query: "how do I put nginx in front of the server", minScore: 0, limit: 5 });
    const second = await search(siteId, { query: "  How do I put NGINX in front of  the server ", minScore: 0, limit: 4 });
    // One embedding for both: what is embedded is the planner's semantic query (MiniLM is uncased, so it is lower-cased).
    expect(queries).toHaveLength(1);
    expect(queries[0]!.toLowerCase()).toBe("how do i put nginx in front of the server");
    expect(first.results[0].url).toBe("https://docs.example.com/guide/proxy");
    expect(second.results.map((r: any) => r.url)).toEqual(first.results.slice(0, 4).map((r: any) => r.url));
  }, 60_000);

  test("a different query is embedded", async () => {
    const { siteId } = await createPublicSite(ctx);
    await addPages(ctx, siteId, docsPages, embedder);
    queries.length = 0;
    await search(siteId, { query: "installing on linux", minScore: 0 });
    await search(siteId, { query: "how do I pay my invoice", minScore: 0 });
    // The second query is embedded as typed as soon as it arrives; when the vocabulary then corrects a word towards
    // the site's own ("invoices"), the corrected words are embedded too, and those are what the vectors are searched by.
    expect(queries[0]).toBe("installing on linux");
    expect(queries[1]).toBe("how do i pay my invoice");
    expect(queries.length).toBeLessThanOrEqual(3);
    for (const q of queries.slice(1)) expect(q).toContain("how do i pay my invoice");
  }, 60_000);
});
