// The pgvector adapter on the test database (PGlite, or PostgreSQL with DATABASE_URL): the exact plan the planner picks
// for a small site and the HNSW plan forced for a large one must return the same nearest neighbours.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";
import { chunks, pages } from "../../server/adapters/postgres/schema.ts";
import { PgVectorStore } from "../../server/adapters/postgres/pgvector-store.ts";
import { newId } from "../../server/new-id.ts";

const MODEL = "contract-test-vectors-16";
const DIM = 16;
const ROWS = 400;

// A fixed generator, so a failure can be replayed.
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
const unit = () => {
  const v = Array.from({ length: DIM }, random);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};
const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

let ctx: TestContext;
let siteId: string;
const vectors = new Map<string, number[]>();

beforeAll(async () => {
  ctx = await createTestContext();
  siteId = (await createPublicSite(ctx)).siteId;
  const db = ctx.db;
  const pageId = newId("page");
  await db.insert(pages).values({ id: pageId, siteId, url: "https://docs.example.com/vectors", title: "Vectors", contentHash: pageId, source: "api" });
  const values = Array.from({ length: ROWS }, (_, position) => {
    const id = newId("chk");
    const embedding = unit();
    vectors.set(id, embedding);
    return {
      id,
      pageId,
      siteId,
      position,
      text: `chunk ${position}`,
      searchText: `chunk ${position}`,
      contentHash: `${pageId}:${position}`,
      embedding,
      embeddingModel: MODEL,
      embeddedAt: new Date(),
    };
  });
  await db.insert(chunks).values(values);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("pgvector store", () => {
  test("the exact plan and the forced HNSW plan find the true nearest neighbours", async () => {
    const db = ctx.db;
    const exact = new PgVectorStore(db, { model: MODEL, dimensions: DIM, exactScanMaxRows: ROWS });
    const indexed = new PgVectorStore(db, { model: MODEL, dimensions: DIM, exactScanMaxRows: 0 });
    await indexed.ensureIndex();
    for (let q = 0; q < 5; q++) {
      const vector = unit();
      const truth = [...vectors]
        .sort((a, b) => dot(b[1], vector) - dot(a[1], vector))
        .slice(0, 10)
        .map(([id]) => id);
      const viaExact = (await exact.search({ siteIds: [siteId], vector, limit: 10 })).hits.map((h) => h.chunkId);
      const viaIndex = (await indexed.search({ siteIds: [siteId], vector, limit: 10 })).hits;
      expect(viaExact).toEqual(truth);
      // HNSW is approximate; on 400 vectors with ef_search 100 it should miss nothing that matters.
      expect(viaIndex[0]!.chunkId).toBe(truth[0]!);
      expect(viaIndex.filter((h) => truth.includes(h.chunkId)).length).toBeGreaterThanOrEqual(9);
      expect(viaIndex.map((h) => h.similarity)).toEqual([...viaIndex.map((h) => h.similarity)].sort((a, b) => b - a));
    }
  });

  test("returns nothing for a site without vectors of its model", async () => {
    const other = (await createPublicSite(ctx)).siteId;
    const store = new PgVectorStore(ctx.db, { model: MODEL, dimensions: DIM, exactScanMaxRows: 0 });
    expect((await store.search({ siteIds: [other], vector: unit(), limit: 10 })).hits).toEqual([]);
  });
});
