import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const SUFFIX = " - Apache HTTP Server Version 2.4";
const page = (slug: string, title: string) => ({
  url: `https://docs.example.com/${slug}`,
  content: `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>Body text of ${slug} about configuring the server in detail.</p></main></body></html>`,
});

async function ingest(key: string, siteId: string, pages: unknown[]) {
  const res = await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages } });
  expect(res.status).toBe(200);
}

async function stored(siteId: string) {
  const rows = await ctx.db.query.pages.findMany({ where: (p, { eq }) => eq(p.siteId, siteId) });
  return new Map(rows.map((r) => [r.url.split("/").pop()!, r]));
}

describe("title suffix shared by a site's pages", () => {
  test("is cut from every title, the ones stored before it was recognised too, and kept in metadata", async () => {
    const { key, siteId } = await createPublicSite(ctx);
    await ingest(key, siteId, [page("one", `Getting Started${SUFFIX}`), page("two", `Glossary${SUFFIX}`)]);
    await ingest(key, siteId, [page("three", `mod_dir${SUFFIX}`), page("four", "Release notes")]);
    const pages = await stored(siteId);
    expect([...pages.values()].map((p) => p.title).sort()).toEqual(["Getting Started", "Glossary", "Release notes", "mod_dir"]);
    expect(pages.get("one")!.metadata).toEqual({ originalTitle: `Getting Started${SUFFIX}` });
    expect(pages.get("three")!.metadata).toEqual({ originalTitle: `mod_dir${SUFFIX}` });
    expect(pages.get("four")!.metadata).toEqual({});
    const search = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, {
      body: { query: "glossary", minScore: 0 },
      headers: { origin: "https://docs.example.com" },
    });
    expect(search.body.results[0]?.title).toBe("Glossary");
    // The first search of a process loads the embedding model: seconds on a busy machine.
  }, 30_000);

  test("is left alone on a site where only one other page has it", async () => {
    const org = await ctx.createOrg("pro");
    const siteId = (await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl: "https://docs.example.com" } })).body.siteId;
    await ingest(org.key, siteId, [page("one", "Install - Linux"), page("two", "Install - macOS"), page("three", "Pricing"), page("four", "Support")]);
    expect([...(await stored(siteId)).values()].map((p) => p.title).sort()).toEqual(["Install - Linux", "Install - macOS", "Pricing", "Support"]);
  });
});
