// `site-search reindex`: which flags it needs, and that it refuses to run without Elasticsearch.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { testConfig } from "../fixtures/test-app.ts";
import { startFakeElasticsearch, type FakeElasticsearch } from "../fixtures/fake-elasticsearch-server.ts";
import { runReindex } from "../../server/cli/reindex-command.ts";

let es: FakeElasticsearch;
beforeAll(async () => {
  es = await startFakeElasticsearch();
});
afterAll(() => es.close());

describe("reindex command", () => {
  describe("without ELASTICSEARCH_URL", () => {
    test("refuses, saying what to set", async () => {
      await expect(runReindex(testConfig({ LEXICAL_ENGINE: "postgres-fts" }), { all: true })).rejects.toThrow("set ELASTICSEARCH_URL");
    });
  });

  describe("with neither or both of --site and --all", () => {
    test("refuses, naming the flags", async () => {
      const config = testConfig({ ELASTICSEARCH_URL: es.url });
      await expect(runReindex(config, {})).rejects.toThrow("Give either --site SITE_ID or --all.");
      await expect(runReindex(config, { siteId: "site_x", all: true })).rejects.toThrow("Give either --site SITE_ID or --all.");
    });
  });

  describe("with --all", () => {
    test("creates the index and reports what it rebuilt", async () => {
      const log = spyOn(console, "log").mockImplementation(() => {});
      try {
        const code = await runReindex(testConfig({ ELASTICSEARCH_URL: es.url, ELASTICSEARCH_INDEX_PREFIX: "reindex-cli-test" }), { all: true });
        expect(code).toBe(0);
        expect(es.indexNames()).toContain("reindex-cli-test-chunks-v1");
        expect(String(log.mock.calls.at(-1)?.[0])).toMatch(/^Reindexed \d+ site\(s\), \d+ chunks, into reindex-cli-test-chunks/);
      } finally {
        log.mockRestore();
      }
    }, 60_000);
  });
});
