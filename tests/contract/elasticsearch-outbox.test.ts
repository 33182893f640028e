// The search outbox on the database under test (PGlite, or PostgreSQL with DATABASE_URL): pages written
// while Elasticsearch is down reach it once it is back, retries back off, and reindex rebuilds a wiped index.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import type { Client } from "@elastic/elasticsearch";
import { startFakeElasticsearch, type FakeElasticsearch } from "../fixtures/fake-elasticsearch-server.ts";
import { rows, type Database } from "../../server/adapters/postgres/database.ts";
import { AccountStore } from "../../server/adapters/postgres/account-store.ts";
import { SiteStore } from "../../server/adapters/postgres/site-store.ts";
import { DocumentStore, type PageWrite } from "../../server/adapters/postgres/document-store.ts";
import { chunks, searchOutbox } from "../../server/adapters/postgres/schema.ts";
import { defaultCrawlerConfig, defaultPublicAccess, defaultRateLimits } from "../../server/sites/site-settings.ts";
import { createElasticsearchClient } from "../../server/adapters/elasticsearch/elasticsearch-client.ts";
import { indexNames } from "../../server/adapters/elasticsearch/index-mapping.ts";
import { ElasticsearchLexicalIndex } from "../../server/adapters/elasticsearch/lexical-index.ts";
import { OutboxDrain } from "../../server/adapters/elasticsearch/outbox-drain.ts";
import { reindexSites } from "../../server/adapters/elasticsearch/reindex.ts";
import { PostgresSearchOutbox } from "../../server/adapters/postgres/search-outbox-store.ts";
import { openMigratedDatabase } from "../fixtures/pglite-image.ts";

let database: Database;
let es: FakeElasticsearch;
let client: Client;
let index: ElasticsearchLexicalIndex;
let store: DocumentStore;
const names = indexNames("site-search-outbox-test");

beforeAll(async () => {
  database = await openMigratedDatabase(process.env.DATABASE_URL);
  es = await startFakeElasticsearch();
  client = createElasticsearchClient(
    { url: es.url, apiKey: null, username: null, password: null, indexPrefix: "site-search-outbox-test" },
    { maxRetries: 0, requestTimeoutMs: 2000 },
  );
  index = new ElasticsearchLexicalIndex(client, names, { batchSize: 2 });
  store = new DocumentStore(database.db, true, null);
  // Rows left by an earlier, interrupted run on a shared PostgreSQL would otherwise be drained into these tests.
  await database.db.delete(searchOutbox);
}, 60_000);

afterAll(async () => {
  await client.close();
  await es.close();
  await database.close();
});

beforeEach(async () => {
  await es.setState("up");
  es.wipe();
});

async function newSite(): Promise<string> {
  const org = await new AccountStore(database.db).createOrganisation({ name: "outbox test", plan: "pro" });
  const site = await new SiteStore(database.db).create({
    orgId: org.id,
    name: "Docs",
    baseUrl: "https://docs.example.com",
    crawlerConfig: defaultCrawlerConfig(),
    publicAccess: defaultPublicAccess(),
    rateLimits: defaultRateLimits(),
  });
  return site.id;
}

function page(siteId: string, path: string, texts: string[]): PageWrite {
  return {
    siteId,
    url: `https://docs.example.com/${path}`,
    title: `Page ${path}`,
    summary: "",
    tags: ["guide"],
    metadata: { product: "cli" },
    contentHash: `${path}:${texts.join("|")}`,
    source: "api",
    chunks: texts.map((text, position) => ({
      position,
      headingPath: [`Heading ${position}`],
      anchor: null,
      text,
      searchText: text,
      contentHash: `${path}:${position}:${text}`,
    })),
  };
}

const docsOf = (siteId: string) => [...es.docs(names.alias).values()].filter((d) => d.site_id === siteId);
const chunkIdsOf = async (siteId: string) =>
  (await database.db.select({ id: chunks.id }).from(chunks).where(eq(chunks.siteId, siteId))).map((r) => r.id).sort();
const outboxOf = (siteId: string) => database.db.select().from(searchOutbox).where(eq(searchOutbox.siteId, siteId)).orderBy(searchOutbox.id);
const makeDue = () => rows(database.db, sql`UPDATE search_outbox SET available_at = now()`);
const secondsUntilDue = async (siteId: string) =>
  (
    await rows<{ s: number | string }>(database.db, sql`SELECT EXTRACT(EPOCH FROM min(available_at) - now()) AS s FROM search_outbox WHERE site_id = ${siteId}`)
  ).map((r) => Number(r.s))[0]!;

describe("search outbox", () => {
  describe("Elasticsearch down while pages are written", () => {
    test("keeps every change, then delivers it all once the cluster is back", async () => {
      const siteId = await newSite();
      await es.setState("refused");
      await store.replacePage(page(siteId, "install", ["Install the tool.", "Upgrade it later."]));
      await store.replacePage(page(siteId, "billing", ["Invoices arrive monthly."]));
      await store.replacePage(page(siteId, "old", ["Soon removed."]));
      await store.deletePages(siteId, { urls: ["https://docs.example.com/old"] });

      const drain = new OutboxDrain(new PostgresSearchOutbox(database.db), index);
      const round = await drain.drainOnce();
      expect(round.delivered).toBe(0);
      const waiting = await outboxOf(siteId);
      // The deletion waits behind its page's earlier upsert, so it was not even tried.
      expect(waiting.map((r) => [r.op, r.attempts])).toEqual([
        ["upsert-page", 1],
        ["upsert-page", 1],
        ["upsert-page", 1],
        ["delete-page", 0],
      ]);
      expect(waiting[0]!.lastError).toBe("Elasticsearch could not be reached.");
      expect((await drain.lag()).pending).toBeGreaterThanOrEqual(4);

      await es.setState("up");
      await makeDue();
      expect((await drain.drainAll()).failed).toBe(0);
      expect(await outboxOf(siteId)).toEqual([]);
      expect(
        docsOf(siteId)
          .map((d) => d.chunk_id)
          .sort(),
      ).toEqual(await chunkIdsOf(siteId));
      expect(docsOf(siteId).find((d) => d.text === "Install the tool.")).toMatchObject({
        title: "Page install",
        headings: ["Heading 0"],
        tags: ["guide"],
        metadata: { product: "cli" },
        url: "https://docs.example.com/install",
      });
    });
  });

  describe("a page changed twice before delivery", () => {
    test("ends with only its latest chunks in the index", async () => {
      const siteId = await newSite();
      const drain = new OutboxDrain(new PostgresSearchOutbox(database.db), index);
      await store.replacePage(page(siteId, "faq", ["First answer.", "Second answer."]));
      await drain.drainAll();
      await store.replacePage(page(siteId, "faq", ["Rewritten answer."]));
      await store.replacePage(page(siteId, "faq", ["Final answer."]));
      await drain.drainAll();
      expect(docsOf(siteId).map((d) => d.text)).toEqual(["Final answer."]);
      expect(await outboxOf(siteId)).toEqual([]);
    });

    test("is not claimed by a second worker while an earlier change of it is in flight", async () => {
      const siteId = await newSite();
      await store.replacePage(page(siteId, "a", ["one"]));
      await store.replacePage(page(siteId, "a", ["two"]));
      const [first] = await outboxOf(siteId);
      // Another worker holds the first row's lease.
      await rows(database.db, sql`UPDATE search_outbox SET available_at = now() + interval '1 minute' WHERE id = ${first!.id}`);
      const round = await new OutboxDrain(new PostgresSearchOutbox(database.db), index).drainOnce();
      expect(round.claimed).toBe(0);
      await database.db.delete(searchOutbox).where(eq(searchOutbox.siteId, siteId));
    });
  });

  describe("retries", () => {
    test("back off 2 s, 4 s, 8 s … up to the ceiling", async () => {
      const siteId = await newSite();
      await store.replacePage(page(siteId, "retry", ["text"]));
      await es.setState("unavailable");
      const drain = new OutboxDrain(new PostgresSearchOutbox(database.db), index, { maxBackoffSeconds: 5 });
      const delays: number[] = [];
      for (let i = 0; i < 3; i++) {
        await makeDue();
        await drain.drainOnce();
        delays.push(Math.round(await secondsUntilDue(siteId)));
      }
      expect(delays).toEqual([2, 4, 5]);
      expect((await outboxOf(siteId))[0]).toMatchObject({ attempts: 3 });
      expect((await outboxOf(siteId))[0]!.lastError).toContain("(503)");
      await database.db.delete(searchOutbox).where(eq(searchOutbox.siteId, siteId));
    });
  });

  describe("a site deletion", () => {
    test("removes every document of the site", async () => {
      const siteId = await newSite();
      const drain = new OutboxDrain(new PostgresSearchOutbox(database.db), index);
      await store.replacePage(page(siteId, "x", ["one", "two"]));
      await drain.drainAll();
      await database.db.insert(searchOutbox).values({ siteId, op: "delete-site" });
      await drain.drainAll();
      expect(docsOf(siteId)).toEqual([]);
    });
  });

  describe("lag", () => {
    test("counts waiting rows and the age of the oldest", async () => {
      const siteId = await newSite();
      await database.db.delete(searchOutbox);
      await database.db
        .insert(searchOutbox)
        .values({ siteId, pageId: "page_x", op: "upsert-page", attempts: 2, createdAt: sql`now() - interval '90 seconds'` as unknown as Date });
      expect(await new OutboxDrain(new PostgresSearchOutbox(database.db), index).lag()).toEqual({ pending: 1, oldestSeconds: 90, retrying: 1 });
      await database.db.delete(searchOutbox);
    });
  });
});

describe("reindex", () => {
  test("rebuilds a wiped index from Postgres", async () => {
    const siteId = await newSite();
    await store.replacePage(page(siteId, "one", ["alpha", "beta", "gamma"]));
    await store.replacePage(page(siteId, "two", ["delta"]));
    await new OutboxDrain(new PostgresSearchOutbox(database.db), index).drainAll();
    es.wipe();
    const done = await reindexSites(new PostgresSearchOutbox(database.db), index, [siteId], { batchSize: 3 });
    expect(done).toEqual([{ siteId, chunks: 4 }]);
    expect(
      docsOf(siteId)
        .map((d) => d.chunk_id)
        .sort(),
    ).toEqual(await chunkIdsOf(siteId));
    expect((await index.search({ siteIds: [siteId], query: "delta", limit: 5 })).hits).toHaveLength(1);
  });

  test("drops documents Postgres no longer has", async () => {
    const siteId = await newSite();
    await index.ensureIndex();
    await index.upsertChunks([
      { chunkId: "chk_stale", pageId: "page_stale", siteId, url: "https://docs.example.com/stale", title: "", headingPath: [], text: "stale", tags: [] },
    ]);
    await reindexSites(new PostgresSearchOutbox(database.db), index, [siteId]);
    expect(docsOf(siteId)).toEqual([]);
  });
});
