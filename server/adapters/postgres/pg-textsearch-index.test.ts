import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { rows, type Database } from "./database.ts";
import { HEADING_BM25_INDEX, PgTextsearchIndex } from "./pg-textsearch-index.ts";
import { openMigratedDatabase } from "../../../tests/fixtures/pglite-image.ts";

// pg_textsearch ships with PGlite; a PostgreSQL server without the extension has no BM25 index to test.
let database: Database;
beforeAll(async () => {
  database = await openMigratedDatabase();
}, 60_000);
afterAll(() => database.close());

const headingIndexes = async () =>
  (await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = ${HEADING_BM25_INDEX}`))[0]!.n;

describe("pg_textsearch's indexes", () => {
  test("with the default heading weight, only the body index is kept: an install that built the heading index drops it", async () => {
    const withHeadings = new PgTextsearchIndex(database.db, 2);
    await withHeadings.ensureIndex();
    expect(await headingIndexes()).toBe(1);
    const plain = new PgTextsearchIndex(database.db);
    await plain.ensureIndex();
    expect(await headingIndexes()).toBe(0);
    expect(await plain.health()).toEqual({ ok: true });
  });

  test("a heading weight other than 1 finds its index once asked for it", async () => {
    const index = new PgTextsearchIndex(database.db);
    await index.ensureIndex();
    await index.ensureHeadingIndex();
    index.headingWeight = 3;
    const found = await index.search({ siteIds: ["site_none"], query: "rate limits", limit: 10 });
    expect(found.hits).toEqual([]);
    expect(await headingIndexes()).toBe(1);
  });
});
