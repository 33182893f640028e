// The embedding queue over the real store: pipelined batches (the next fetched and embedded while the last is saved)
// embed every chunk exactly once, isolate a chunk the model rejects, and hand untouched chunks back on stop.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../tests/fixtures/test-app.ts";
import { addPages, createPublicSite, type FixturePage } from "../../tests/fixtures/search-pages.ts";
import { rows } from "../adapters/postgres/database.ts";
import type { Embedder } from "../ports/embedder.ts";

/** Stands in for the model (not for our storage): counts each text it sees, fails on "poison", can be slowed. */
const seen = new Map<string, number>();
let delayMs = 0;
const countingEmbedder: Embedder = {
  model: "queue-test-model",
  dimensions: 4,
  embed: async ({ texts }) => {
    if (delayMs) await Bun.sleep(delayMs);
    if (texts.some((t) => t.includes("poison"))) throw new Error("the model rejects this text");
    for (const t of texts) seen.set(t, (seen.get(t) ?? 0) + 1);
    return { vectors: texts.map(() => [0, 1, 0, 0]), tokens: 0, ms: 0 };
  },
  ready: async () => {},
};

let ctx: TestContext;
beforeAll(async () => {
  // The queue serves every site of its database: a PGlite of its own keeps other files' pending chunks out of it.
  ctx = await createTestContext({}, { embedder: countingEmbedder }, { ownDatabase: true });
}, 180_000);
afterAll(() => ctx.close());

const pagesOf = (prefix: string, pages: number, sectionsEach: number, poison = -1): FixturePage[] =>
  Array.from({ length: pages }, (_, p) => ({
    url: `https://${prefix}.example.com/${p}`,
    title: `${prefix} ${p}`,
    sections: Array.from({ length: sectionsEach }, (_, s) => ({ text: `${p * sectionsEach + s === poison ? "poison" : "Section"} ${s} of ${prefix} ${p}.` })),
  }));

async function pendingOf(siteId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM chunks WHERE site_id = ${siteId} AND embedded_at IS NULL`);
  return Number(row!.n);
}

const seenWith = (prefix: string) => [...seen].filter(([text]) => text.includes(` of ${prefix} `));

describe("the embedding queue's pipeline", () => {
  test("drains every chunk, each embedded exactly once though the next batch is fetched while one is in flight", async () => {
    const site = await createPublicSite(ctx);
    const prefix = `once${Date.now()}`;
    await addPages(ctx, site.siteId, pagesOf(prefix, 10, 5)); // 50 chunks: several batches of 8
    const done = await ctx.parts.ingest.embeddingQueue!.drain();
    expect(done).toBeGreaterThanOrEqual(50);
    expect(await pendingOf(site.siteId)).toBe(0);
    const counts = seenWith(prefix);
    expect(counts).toHaveLength(50);
    expect(counts.every(([, n]) => n === 1)).toBe(true);
  }, 60_000);

  test("a chunk the model rejects is skipped; the rest of its batch is saved", async () => {
    const site = await createPublicSite(ctx);
    const prefix = `reject${Date.now()}`;
    await addPages(ctx, site.siteId, pagesOf(prefix, 4, 5, 7));
    await ctx.parts.ingest.embeddingQueue!.drain();
    expect(await pendingOf(site.siteId)).toBe(1);
    expect(seenWith(prefix)).toHaveLength(19);
    // Skipped from now on: another drain does not retry it.
    expect(await ctx.parts.ingest.embeddingQueue!.drain()).toBe(0);
  }, 60_000);

  test("stopping the running queue leaves no chunk marked as taken", async () => {
    const site = await createPublicSite(ctx);
    const prefix = `stop${Date.now()}`;
    await addPages(ctx, site.siteId, pagesOf(prefix, 8, 5));
    const queue = ctx.parts.ingest.embeddingQueue!;
    delayMs = 30;
    queue.start();
    while ((await pendingOf(site.siteId)) === 40) await Bun.sleep(10);
    await queue.stop();
    delayMs = 0;
    const left = await pendingOf(site.siteId);
    expect(left).toBeLessThan(40);
    // Whatever the stop left behind is fetched again, not skipped as "in flight".
    await queue.drain();
    expect(await pendingOf(site.siteId)).toBe(0);
    expect(seenWith(prefix).every(([, n]) => n === 1)).toBe(true);
  }, 60_000);
});
