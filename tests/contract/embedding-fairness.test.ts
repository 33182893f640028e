// The embedding queue is fair across sites, of one organisation or of several; one site's bulk push does not hold back
// another's vectors.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, numberedPages } from "../fixtures/search-pages.ts";
import { rows } from "../../server/adapters/postgres/database.ts";
import type { Embedder } from "../../server/ports/embedder.ts";

/** Stands in for the model (not for our storage): every text gets the same unit vector, instantly. */
const constantEmbedder: Embedder = {
  model: "fairness-test-model",
  dimensions: 4,
  embed: async ({ texts }) => ({ vectors: texts.map(() => [1, 0, 0, 0]), tokens: 0, ms: 0 }),
  ready: async () => {},
};

let ctx: TestContext;
beforeAll(async () => {
  // The queue serves every site of its database: this file takes one of its own, so other files' pending
  // chunks (embedded here by a stand-in model) neither slow the drain nor receive its vectors.
  ctx = await createTestContext({}, { embedder: constantEmbedder }, { ownDatabase: true });
}, 180_000);
afterAll(() => ctx.close());

async function pendingOf(siteId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM chunks WHERE site_id = ${siteId} AND embedded_at IS NULL`);
  return Number(row!.n);
}

/** Steps until B has all its vectors; returns how many of A's 300 chunks were embedded meanwhile. */
async function embeddedBeforeBIsDone(a: string, b: string): Promise<number> {
  await addPages(ctx, a, numberedPages(`a${Date.now()}`, 30, 10)); // 300 chunks, all older than B's
  await addPages(ctx, b, numberedPages(`b${Date.now()}`, 2, 5)); // 10 chunks
  const queue = ctx.parts.ingest.embeddingQueue!;
  let steps = 0;
  while ((await pendingOf(b)) > 0) {
    expect(await queue.step()).toBeGreaterThan(0);
    // Other sites' leftovers in a shared database (the PostgreSQL suite's) take turns too, so the step count is only a
    // guard against a loop; fairness is what A got meanwhile, below.
    expect(++steps).toBeLessThan(2_000);
  }
  return 300 - (await pendingOf(a));
}

describe("the embedding queue", () => {
  test("embeds a small site's new chunks before a big site's earlier backlog is done", async () => {
    const a = await createPublicSite(ctx);
    const b = await createPublicSite(ctx);
    const aEmbedded = await embeddedBeforeBIsDone(a.siteId, b.siteId);
    expect(aEmbedded).toBeLessThan(300);
    // Organisations take turns, so A has had about as many chunks as B, within one batch.
    expect(aEmbedded).toBeLessThanOrEqual(10 + 8);
  }, 60_000);

  test("takes turns between the sites of one organisation too: a site's job goes back behind the other's", async () => {
    const a = await createPublicSite(ctx);
    const b = await createPublicSite(ctx);
    await ctx.db.execute(sql`UPDATE sites SET org_id = ${a.orgId} WHERE id = ${b.siteId}`);
    expect(await embeddedBeforeBIsDone(a.siteId, b.siteId)).toBeLessThanOrEqual(10 + 8);
  }, 60_000);

  test("still drains everything, the big site included", async () => {
    const a = await createPublicSite(ctx);
    await addPages(ctx, a.siteId, numberedPages("c", 5, 4));
    await ctx.parts.ingest.embeddingQueue!.drain();
    expect(await pendingOf(a.siteId)).toBe(0);
  }, 60_000);
});
