// The embedding queue's saves: vectors land on the chunks they were computed for (in array statements, several per
// batch on embedded PGlite), a vector computed for text that has since changed is dropped, and the cache keeps one
// vector per text.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite } from "../fixtures/search-pages.ts";
import { rows } from "../../server/adapters/postgres/database.ts";
import { EmbeddingStore } from "../../server/adapters/postgres/embedding-store.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(() => ctx.close());

interface Stored {
  id: string;
  content_hash: string;
  embedding: string | null;
  embedding_model: string | null;
}

describe("saving vectors", () => {
  test("every chunk of a 40-vector batch gets its own vector; a chunk whose text changed meanwhile gets none", async () => {
    const site = await createPublicSite(ctx);
    const sections = Array.from({ length: 40 }, (_, i) => ({ heading: `Part ${i}`, text: `Part ${i} of the guide.` }));
    await addPages(ctx, site.siteId, [{ url: "https://docs.example.com/guide", title: "Guide", sections }]);
    const db = ctx.db;
    const stored = () =>
      rows<Stored>(
        db,
        sql`SELECT id, content_hash, embedding::text AS embedding, embedding_model FROM chunks WHERE site_id = ${site.siteId} ORDER BY position`,
      );
    const before = await stored();
    // The third chunk's text is replaced after its vector was computed, before the save.
    await rows(db, sql`UPDATE chunks SET content_hash = 'rewritten' WHERE id = ${before[2]!.id}`);
    const model = `save-test-${Date.now().toString(36)}`;
    const store = new EmbeddingStore(db, ctx.gate);
    await store.save(
      before.map((c, i) => ({ id: c.id, siteId: site.siteId, contentHash: c.content_hash, vector: [i, 1, 0] })),
      model,
    );
    const after = await stored();
    after.forEach((c, i) => {
      if (i === 2) {
        expect(c.embedding).toBeNull();
        return;
      }
      expect(c.embedding).toBe(`[${i},1,0]`);
      expect(c.embedding_model).toBe(model);
    });
    const cached = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM embedding_cache WHERE model = ${model}`);
    // The cache is keyed by text, not chunk: the rewritten chunk's old text was embedded all the same.
    expect(Number(cached[0]!.n)).toBe(40);
  }, 60_000);

  test("two chunks of the same text in one batch share one cache entry", async () => {
    const site = await createPublicSite(ctx);
    await addPages(ctx, site.siteId, [
      { url: "https://docs.example.com/a", title: "A", sections: [{ text: "Same words." }] },
      { url: "https://docs.example.com/b", title: "B", sections: [{ text: "Same words." }] },
    ]);
    const db = ctx.db;
    const chunkRows = await rows<{ id: string }>(db, sql`SELECT id FROM chunks WHERE site_id = ${site.siteId}`);
    const model = `save-test-shared-${Date.now().toString(36)}`;
    const hash = `shared-${Date.now().toString(36)}`;
    await rows(db, sql`UPDATE chunks SET content_hash = ${hash} WHERE site_id = ${site.siteId}`);
    await new EmbeddingStore(db, ctx.gate).save(
      chunkRows.map((c) => ({ id: c.id, siteId: site.siteId, contentHash: hash, vector: [0, 0, 1] })),
      model,
    );
    const embedded = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM chunks WHERE site_id = ${site.siteId} AND embedding_model = ${model}`);
    expect(Number(embedded[0]!.n)).toBe(2);
    const cached = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM embedding_cache WHERE model = ${model} AND content_hash = ${hash}`);
    expect(Number(cached[0]!.n)).toBe(1);
  }, 60_000);
});
