// The Elasticsearch adapter against a loopback fake: the exact requests it sends (mapping, NDJSON bulk
// bodies, query DSL), the behaviour suite end to end, and how it reports an unreachable cluster.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { startFakeElasticsearch, type FakeElasticsearch } from "../fixtures/fake-elasticsearch-server.ts";
import { createElasticsearchClient, LexicalIndexUnavailableError } from "../../server/adapters/elasticsearch/elasticsearch-client.ts";
import { indexNames } from "../../server/adapters/elasticsearch/index-mapping.ts";
import { ElasticsearchLexicalIndex } from "../../server/adapters/elasticsearch/lexical-index.ts";
import { chunk, describeLexicalBehaviour } from "./elasticsearch-behaviour.ts";
import type { Client } from "@elastic/elasticsearch";

let es: FakeElasticsearch;
let client: Client;
const names = indexNames("site-search-test");

function adapter(opts: ConstructorParameters<typeof ElasticsearchLexicalIndex>[2] = {}) {
  return new ElasticsearchLexicalIndex(client, names, opts);
}

beforeAll(async () => {
  es = await startFakeElasticsearch();
  client = createElasticsearchClient(
    { url: es.url, apiKey: "test-key", username: null, password: null, indexPrefix: "site-search-test" },
    { maxRetries: 0, requestTimeoutMs: 2000 },
  );
}, 60_000);
afterAll(async () => {
  await client.close();
  await es.close();
});
beforeEach(async () => {
  await es.setState("up");
  es.wipe();
  es.requests.length = 0;
});

const sent = (path: string) => es.requests.filter((r) => r.path === path);

describe("Elasticsearch lexical index", () => {
  describe("creating the index", () => {
    test("creates a versioned index with the alias and an explicit mapping", async () => {
      expect(await adapter().ensureIndex()).toBe(true);
      const [create] = sent("/site-search-test-chunks-v1").filter((r) => r.method === "PUT");
      expect(create!.body.aliases).toEqual({ "site-search-test-chunks": { is_write_index: true } });
      const props = create!.body.mappings.properties;
      expect(create!.body.mappings.dynamic).toBe("strict");
      for (const field of ["title", "headings", "text"]) expect(props[field]).toEqual({ type: "text", analyzer: "english" });
      for (const field of ["chunk_id", "page_id", "site_id", "url", "tags"]) expect(props[field]).toEqual({ type: "keyword" });
      expect(props.metadata).toEqual({ type: "flattened" });
    });

    test("only checks, and creates nothing, when the alias exists", async () => {
      await adapter().ensureIndex();
      es.requests.length = 0;
      expect(await adapter().ensureIndex()).toBe(false);
      expect(es.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["HEAD /site-search-test-chunks"]);
    });

    test("sends the API key as an ApiKey authorization header", async () => {
      const seen: string[] = [];
      client.diagnostic.on("request", (_err, event) => seen.push(String(event?.meta.request.params.headers?.authorization ?? "")));
      await adapter().ensureIndex();
      expect(seen[0]).toBe("ApiKey test-key");
    });
  });

  describe("indexing chunks", () => {
    test("sends NDJSON bulk requests of at most batchSize documents keyed by chunk id", async () => {
      const docs = [1, 2, 3].map((n) =>
        chunk({
          siteId: "site_a",
          pageId: "page_1",
          title: "Guide",
          headingPath: ["Intro", `Part ${n}`],
          text: `part ${n}`,
          tags: ["docs"],
          metadata: { version: "2" },
        }),
      );
      await adapter({ batchSize: 2 }).upsertChunks(docs);
      const bulks = sent("/_bulk");
      expect(bulks.map((b) => b.body.length)).toEqual([4, 2]);
      expect(bulks[0]!.body[0]).toEqual({ index: { _index: "site-search-test-chunks", _id: docs[0]!.chunkId } });
      expect(bulks[0]!.body[1]).toEqual({
        chunk_id: docs[0]!.chunkId,
        page_id: "page_1",
        site_id: "site_a",
        url: docs[0]!.url,
        title: "Guide",
        headings: ["Intro", "Part 1"],
        text: "part 1",
        tags: ["docs"],
        metadata: { version: "2" },
      });
      expect(bulks[0]!.query.refresh).toBe("false");
    });

    test("fails when Elasticsearch rejects a document inside a 200 bulk answer", async () => {
      await client.indices.create({
        index: "strict",
        mappings: { dynamic: "strict", properties: { chunk_id: { type: "keyword" } } },
        aliases: { "site-search-test-chunks": {} },
      });
      const error = await adapter()
        .upsertChunks([chunk({ siteId: "s", pageId: "p" })])
        .catch((e) => e);
      expect(error).toBeInstanceOf(LexicalIndexUnavailableError);
      expect(error.message).toContain("strict_dynamic_mapping_exception");
    });
  });

  describe("searching", () => {
    test("sends a best_fields multi_match over boosted title and headings, filtered by site, without sources", async () => {
      await adapter().ensureIndex();
      await adapter().search({ siteIds: ["site_a", "site_b"], query: "  reset password ", limit: 7 });
      const [search] = sent("/site-search-test-chunks/_search");
      expect(search!.body).toEqual({
        size: 7,
        _source: false,
        track_total_hits: false,
        query: {
          bool: {
            must: { multi_match: { query: "reset password", fields: ["title^3", "headings^2", "text"], type: "best_fields", tie_breaker: 0.3 } },
            filter: [{ terms: { site_id: ["site_a", "site_b"] } }],
          },
        },
      });
    });

    test("sends planned terms as ranked words, required phrase matches and excluded words", async () => {
      const index = adapter();
      await index.ensureIndex();
      const terms = { words: [["virtaul", "virtual"]], phrases: [["name", "based"]], excluded: ["ssl"] };
      await index.search({ siteIds: ["s"], query: 'virtaul "name based" -ssl', terms, limit: 5 });
      const body = sent("/site-search-test-chunks/_search").at(-1)!.body as any;
      expect(body.query.bool.must[0].multi_match.query).toBe("virtaul virtual name based");
      expect(body.query.bool.must[1].multi_match).toMatchObject({ query: "name based", type: "phrase" });
      expect(body.query.bool.must_not[0].multi_match.query).toBe("ssl");
    });

    test("returns chunk ids with the engine's raw scores, best first", async () => {
      const index = adapter();
      await index.ensureIndex();
      const a = chunk({ siteId: "s", pageId: "p1", title: "Webhooks", text: "webhooks" });
      const b = chunk({ siteId: "s", pageId: "p2", text: "webhooks" });
      await index.upsertChunks([a, b]);
      const { hits } = await index.search({ siteIds: ["s"], query: "webhooks", limit: 5 });
      expect(hits).toEqual([
        { chunkId: a.chunkId, score: 3.3 },
        { chunkId: b.chunkId, score: 1 },
      ]);
    });

    test("sends nothing for a blank query or no sites", async () => {
      expect((await adapter().search({ siteIds: ["s"], query: "   ", limit: 5 })).hits).toEqual([]);
      expect((await adapter().search({ siteIds: [], query: "x", limit: 5 })).hits).toEqual([]);
      expect(es.requests).toEqual([]);
    });

    test("answers no hits while the index does not exist yet", async () => {
      expect((await adapter().search({ siteIds: ["s"], query: "anything", limit: 5 })).hits).toEqual([]);
    });
  });

  describe("deleting", () => {
    test("deletes a page's documents by query on site and page ids", async () => {
      await adapter({ refresh: true }).deletePages({ siteId: "site_a", pageIds: ["p1", "p2"] });
      const [request] = sent("/site-search-test-chunks/_delete_by_query");
      expect(request!.query).toMatchObject({ conflicts: "proceed", refresh: "true" });
      expect(request!.body).toEqual({ query: { bool: { filter: [{ term: { site_id: "site_a" } }, { terms: { page_id: ["p1", "p2"] } }] } } });
    });

    test("deletes a site's documents by query on the site id", async () => {
      await adapter().deleteSite({ siteId: "site_a" });
      expect(sent("/site-search-test-chunks/_delete_by_query")[0]!.body).toEqual({ query: { bool: { filter: [{ term: { site_id: "site_a" } }] } } });
    });

    test("replacing pages indexes the current chunks first, then deletes the pages' other documents", async () => {
      const current = chunk({ siteId: "s", pageId: "p1" });
      await adapter().replacePages({ pageIds: ["p1", "p2"], chunks: [current] });
      expect(es.requests.map((r) => r.path)).toEqual(["/_bulk", "/site-search-test-chunks/_delete_by_query"]);
      expect(es.requests[1]!.body.query).toEqual({
        bool: { filter: [{ terms: { page_id: ["p1", "p2"] } }], must_not: [{ ids: { values: [current.chunkId] } }] },
      });
    });

    test("purging drops the versioned index", async () => {
      const index = adapter();
      await index.ensureIndex();
      await index.purge();
      expect(es.indexNames()).toEqual([]);
    });
  });

  describe("health", () => {
    test("reports the number of documents", async () => {
      const index = adapter();
      await index.ensureIndex();
      await index.upsertChunks([chunk({ siteId: "s", pageId: "p" })]);
      expect(await index.health()).toEqual({ ok: true, documents: 1 });
    });

    test("is not ok, with the reason, when the cluster cannot be reached", async () => {
      await es.setState("refused");
      const health = await adapter().health();
      expect(health.ok).toBe(false);
      expect(health.detail).toBe("Elasticsearch could not be reached.");
    });
  });

  describe("when Elasticsearch is down", () => {
    test("a search fails with a 503 naming the network when the port refuses", async () => {
      await es.setState("refused");
      const error = await adapter()
        .search({ siteIds: ["s"], query: "x", limit: 5 })
        .catch((e) => e);
      expect(error).toBeInstanceOf(LexicalIndexUnavailableError);
      expect([error.status, error.reason]).toEqual([503, "network"]);
    });

    test("a write fails with the cluster's own reason when it answers 503", async () => {
      await es.setState("unavailable");
      const error = await adapter()
        .upsertChunks([chunk({ siteId: "s", pageId: "p" })])
        .catch((e) => e);
      expect([error.reason, error.upstreamStatus]).toEqual(["upstream-error", 503]);
      expect(error.message).toContain("state not recovered");
    });

    test("works again once the cluster is back", async () => {
      await es.setState("refused");
      await adapter()
        .search({ siteIds: ["s"], query: "x", limit: 5 })
        .catch(() => {});
      await es.setState("up");
      expect((await adapter().health()).ok).toBe(true);
    });
  });
});

describeLexicalBehaviour("Elasticsearch lexical index behaviour (loopback fake)", () => adapter({ refresh: true }));
