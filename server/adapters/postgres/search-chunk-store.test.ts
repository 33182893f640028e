// What hybrid search reads of its candidate chunks: the similarity measured alone (for rows a search already keeps) is
// the number the full read gives, and chunks without a vector of the model are left out rather than failing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../tests/fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../../../tests/fixtures/search-pages.ts";
import type { Embedder } from "../../ports/embedder.ts";
import { rows } from "./database.ts";
import { SearchChunkStore } from "./search-chunk-store.ts";

let ctx: TestContext;
let embedder: Embedder;
beforeAll(async () => {
  // The process's shared embedder: the fixtures' vectors come from tests/fixtures/fixture-vectors.json.
  ctx = await createTestContext();
  embedder = ctx.parts.embedder!;
}, 60_000);
afterAll(() => ctx.close());

const chunkIdsOf = async (siteId: string) =>
  (await rows<{ id: string }>(ctx.db, sql`SELECT id FROM chunks WHERE site_id = ${siteId} ORDER BY id`)).map((r) => r.id);

describe("SearchChunkStore", () => {
  test("similarities alone equal those of the full read, chunk by chunk", async () => {
    const { siteId } = await createPublicSite(ctx);
    await addPages(ctx, siteId, docsPages, embedder);
    const store = new SearchChunkStore(ctx.db, embedder.model);
    const chunkIds = await chunkIdsOf(siteId);
    const [vector] = (await embedder.embed({ texts: ["how do I put nginx in front of the server"], kind: "query" })).vectors;
    const full = await store.load({ siteIds: [siteId], chunkIds, vector: vector! });
    const alone = await store.similarities({ siteIds: [siteId], chunkIds, vector: vector! });
    expect(full.length).toBe(chunkIds.length);
    expect(alone.size).toBe(chunkIds.length);
    for (const chunk of full) expect(alone.get(chunk.chunkId)).toBe(chunk.similarity!);
  });

  test("a chunk not embedded yet, or of another site, has no similarity", async () => {
    const embedded = await createPublicSite(ctx);
    await addPages(ctx, embedded.siteId, docsPages.slice(0, 1), embedder);
    const waiting = await createPublicSite(ctx);
    await addPages(ctx, waiting.siteId, docsPages.slice(0, 1));
    const store = new SearchChunkStore(ctx.db, embedder.model);
    const [vector] = (await embedder.embed({ texts: ["how do I put nginx in front of the server"], kind: "query" })).vectors;
    const [mine, others] = [await chunkIdsOf(embedded.siteId), await chunkIdsOf(waiting.siteId)];
    const found = await store.similarities({ siteIds: [embedded.siteId, waiting.siteId], chunkIds: [...mine, ...others], vector: vector! });
    expect([...found.keys()].sort()).toEqual(mine);
    const otherSite = await store.similarities({ siteIds: [waiting.siteId], chunkIds: mine, vector: vector! });
    expect(otherSite.size).toBe(0);
  });
});
