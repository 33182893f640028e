// The embedding cache reuses a vector only for the very text it was computed from: a section's vector is computed
// from its search text (page title, headings and body), so the same section under another title must be embedded anew,
// even where the title is left out of the heading path because the page's h1 repeats it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";
import { rows } from "../../server/adapters/postgres/database.ts";
import { EmbeddingStore, type PendingChunk } from "../../server/adapters/postgres/embedding-store.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(() => ctx.close());

const content = "<html><body><main><h1>Install</h1><p>Unpack the archive, then run the installer as an administrator.</p></main></body></html>";

test("a section shared by pages of different titles takes a cached vector only from a page of the same title", async () => {
  const site = await createPublicSite(ctx);
  // The same page at a second address of one site is that page's alias, so the same text again goes to another site.
  const other = await createPublicSite(ctx);
  const push = async (pages: Array<{ url: string; title: string }>, to = site) => {
    const pushed = await ctx.request("POST", `/api/sites/${to.siteId}/pages`, { key: to.key, body: { pages: pages.map((p) => ({ ...p, content })) } });
    expect(pushed.status).toBe(200);
    expect(pushed.body.errors).toEqual([]);
  };
  const db = ctx.db;
  const model = ctx.parts.embedder!.model;
  const chunksOf = (url: string, siteId = site.siteId) =>
    rows<PendingChunk & { embedding: string | null }>(
      db,
      sql`SELECT c.id, c.content_hash AS "contentHash", c.search_text AS text, c.embedding::text AS embedding
          FROM chunks c JOIN pages p ON p.id = c.page_id WHERE p.site_id = ${siteId} AND p.url = ${url}`,
    );

  await push([{ url: "https://docs.example.com/alpha/install", title: "Install - Alpha docs" }]);
  const [alpha] = await chunksOf("https://docs.example.com/alpha/install");
  // The heading repeats the title, so the title is in the search text but not in the heading path.
  expect(alpha!.text).toContain("Install - Alpha docs");
  // The queue's save, with a vector that marks where it came from.
  const vector = Array.from({ length: 384 }, (_, i) => (i === 7 ? 1 : 0));
  await new EmbeddingStore(db, ctx.gate).save([{ id: alpha!.id, siteId: site.siteId, contentHash: alpha!.contentHash, vector }], model);

  await push([{ url: "https://docs.example.com/beta/install", title: "Install - Beta docs" }]);
  await push([{ url: "https://docs.example.com/alpha/install-again", title: "Install - Alpha docs" }], other);
  const [beta] = await chunksOf("https://docs.example.com/beta/install");
  const [again] = await chunksOf("https://docs.example.com/alpha/install-again", other.siteId);
  // Same words under another title: another search text, so another hash and no borrowed vector.
  expect(beta!.contentHash).not.toBe(alpha!.contentHash);
  expect(beta!.embedding).toBeNull();
  // Same title, headings and words: the cached vector is the one this text would get.
  expect(again!.contentHash).toBe(alpha!.contentHash);
  expect(again!.embedding).not.toBeNull();
  expect(JSON.parse(again!.embedding!)).toEqual(vector);
}, 60_000);
