// GET /health when Elasticsearch is the lexical engine: the cluster's state and the outbox lag.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { startFakeElasticsearch, type FakeElasticsearch } from "../fixtures/fake-elasticsearch-server.ts";
import { searchOutbox } from "../../server/adapters/postgres/schema.ts";

let ctx: TestContext;
let es: FakeElasticsearch;

beforeAll(async () => {
  es = await startFakeElasticsearch();
  ctx = await createTestContext({ ELASTICSEARCH_URL: es.url, ELASTICSEARCH_INDEX_PREFIX: "site-search-health-test", HEALTH_DETAILS: "public" });
}, 60_000);

afterAll(async () => {
  await ctx.close();
  await es.close();
});

describe("health with Elasticsearch", () => {
  describe("cluster up", () => {
    test("reports the engine, the index and the outbox lag", async () => {
      await ctx.db.delete(searchOutbox);
      const { status, body } = await ctx.request("GET", "/health");
      expect(status).toBe(200);
      expect(body.checks.lexical).toMatchObject({
        ok: true,
        engine: "elasticsearch",
        index: "site-search-health-test-chunks",
        outbox: { pending: 0, oldestSeconds: 0, retrying: 0 },
      });
    });
  });

  describe("cluster unreachable", () => {
    test("answers 503 degraded, saying why", async () => {
      await es.setState("refused");
      const { status, body } = await ctx.request("GET", "/health");
      await es.setState("up");
      expect(status).toBe(503);
      expect(body.status).toBe("degraded");
      expect(body.checks.lexical).toMatchObject({ ok: false, detail: "Elasticsearch could not be reached." });
    });
  });
});
