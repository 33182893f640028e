// The built-in full-text engine searches a small site through its own rows (site index, sequential scans priced out)
// rather than the GIN index shared by every tenant. Both plans must return the same hits in the same order, also when
// the planner's statistics predate a large neighbour's import (they then say the small site is the whole table).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";
import { chunks, pages } from "../../server/adapters/postgres/schema.ts";
import { rows } from "../../server/adapters/postgres/database.ts";
import { PostgresFtsIndex } from "../../server/adapters/postgres/fts-index.ts";
import { newId } from "../../server/new-id.ts";

const words = ["proxy", "cache", "install", "logging", "rewrite", "module", "virtual", "host", "timeout", "header"];

let ctx: TestContext;
let small: string;
let large: string;

async function fill(siteId: string, count: number, offset: number) {
  const db = ctx.db;
  const pageId = newId("page");
  await db.insert(pages).values({ id: pageId, siteId, url: `https://docs.example.com/p${offset}`, title: "Page", contentHash: pageId, source: "api" });
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const i = offset + start + k;
      const text = `${words[i % 10]} ${words[(i * 3) % 10]} ${words[(i * 7) % 10]} section ${i}`;
      return { id: newId("chk"), pageId, siteId, position: start + k, text, searchText: text, contentHash: `${pageId}:${start + k}` };
    });
    await db.insert(chunks).values(batch);
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  small = (await createPublicSite(ctx)).siteId;
  large = (await createPublicSite(ctx)).siteId;
  await new PostgresFtsIndex(ctx.db).ensureIndex();
  await fill(small, 60, 0);
  // Statistics taken now say the small site is all of chunks; the neighbour's import comes after them.
  await rows(ctx.db, sql`ANALYZE chunks`);
  await fill(large, 3_000, 1_000);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe("full-text search of a small site beside a large one", () => {
  test("its own rows and the shared GIN index give the same hits, in the same order", async () => {
    const db = ctx.db;
    const ownRows = new PostgresFtsIndex(db);
    const sharedIndex = new PostgresFtsIndex(db, undefined, 0);
    let total = 0;
    for (const query of ["proxy cache", "install", "virtual host timeout", "rewrite -module", '"virtual host"']) {
      const terms = {
        words: query
          .split(" ")
          .filter((w) => !w.startsWith("-") && !w.startsWith('"'))
          .map((w) => [w]),
        phrases: query.startsWith('"') ? [["virtual", "host"]] : [],
        excluded: query.includes("-module") ? ["module"] : [],
      };
      for (const siteIds of [[small], [large], [small, large]]) {
        const a = await ownRows.search({ siteIds, query, terms, limit: 50 });
        const b = await sharedIndex.search({ siteIds, query, terms, limit: 50 });
        expect(a.hits).toEqual(b.hits);
        total += a.hits.length;
      }
    }
    // Every query but the exclusion finds something on each site set (15 sets in all): the comparison is not of empties.
    expect(total).toBeGreaterThan(12 * 10);
  });

  test("the small site's hits are its own chunks only", async () => {
    const found = await new PostgresFtsIndex(ctx.db).search({ siteIds: [small], query: "proxy", limit: 100 });
    const ids = found.hits.map((h) => h.chunkId);
    const own = await rows<{ id: string }>(ctx.db, sql`SELECT id FROM chunks WHERE site_id = ${small}`);
    const ownIds = new Set(own.map((r) => r.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(ownIds.has(id)).toBe(true);
  });
});
