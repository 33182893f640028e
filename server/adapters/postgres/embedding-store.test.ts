// Which chunk the embedding queue's store hands out next: within a site, every page's lead chunk before any page's
// later ones, so a half-embedded site can be searched by meaning on as many pages as possible.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../tests/fixtures/test-app.ts";
import { addPages, createPublicSite, numberedPages } from "../../../tests/fixtures/search-pages.ts";
import { rows } from "./database.ts";
import { EmbeddingStore } from "./embedding-store.ts";

let ctx: TestContext;
let store: EmbeddingStore;
beforeAll(async () => {
  ctx = await createTestContext();
  store = new EmbeddingStore(ctx.db);
}, 180_000);
afterAll(() => ctx.close());

async function positionsOf(ids: string[]): Promise<Map<string, number>> {
  const found = await rows<{ id: string; position: number }>(ctx.db, sql`SELECT id, position FROM chunks WHERE id = ANY(${sql.param(ids)}::text[])`);
  return new Map(found.map((r) => [r.id, r.position]));
}

describe("the order a site's chunks are embedded in", () => {
  test("every page's lead chunk comes before any page's second, pages in the order they were written", async () => {
    const site = await createPublicSite(ctx);
    await addPages(ctx, site.siteId, numberedPages(`lead${Date.now()}`, 4, 3)); // written page by page: 12 chunks
    const batch = await store.nextBatch(site.siteId, 12);
    expect(batch).toHaveLength(12);
    const positions = await positionsOf(batch.map((c) => c.id));
    const order = batch.map((c) => positions.get(c.id));
    expect(order).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    expect(batch.slice(0, 4).map((c) => c.text.match(/page (\d)/)![1])).toEqual(["0", "1", "2", "3"]);
  }, 60_000);

  test("a chunk taken out of the queue leaves the next lead chunk first", async () => {
    const site = await createPublicSite(ctx);
    await addPages(ctx, site.siteId, numberedPages(`skip${Date.now()}`, 3, 2));
    const [first] = await store.nextBatch(site.siteId, 1);
    const next = await store.nextBatch(site.siteId, 2, [first!.id]);
    const positions = await positionsOf(next.map((c) => c.id));
    expect(next.map((c) => positions.get(c.id))).toEqual([0, 0]);
    expect(next.map((c) => c.id)).not.toContain(first!.id);
  }, 60_000);
});
