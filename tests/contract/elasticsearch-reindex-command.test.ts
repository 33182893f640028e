// `site-search reindex`: which flags it needs, and that it refuses to run without Elasticsearch.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { testConfig } from "../fixtures/test-app.ts";
import type { Config } from "../../server/config.ts";
import type { Database } from "../../server/adapters/postgres/database.ts";
import { startFakeElasticsearch, type FakeElasticsearch } from "../fixtures/fake-elasticsearch-server.ts";
import { runReindex } from "../../server/cli/reindex-command.ts";
import { createCommandStores } from "../../server/composition/command-stores.ts";
import { rejection } from "../fixtures/rejection.ts";
import { openMigratedDatabase } from "../fixtures/pglite-image.ts";

let es: FakeElasticsearch;
let database: Database;
const printed: string[] = [];
beforeAll(async () => {
  es = await startFakeElasticsearch();
  database = await openMigratedDatabase(process.env.DATABASE_URL);
}, 60_000);
afterAll(async () => {
  await es.close();
  await database.close();
});
/** The command's context as the CLI (or the service, for a forwarded command) builds it. */
const context = (config: Config) => ({
  config,
  stores: createCommandStores(config, database),
  out: (t: string) => printed.push(t),
  err: (t: string) => printed.push(t),
});

describe("reindex command", () => {
  describe("without ELASTICSEARCH_URL", () => {
    test("refuses, saying what to set", async () => {
      expect((await rejection(runReindex(context(testConfig({ LEXICAL_ENGINE: "postgres-fts" })), { all: true }))).message).toContain("set ELASTICSEARCH_URL");
    });
  });

  describe("with neither or both of --site and --all", () => {
    test("refuses, naming the flags", async () => {
      const config = testConfig({ ELASTICSEARCH_URL: es.url });
      expect((await rejection(runReindex(context(config), {}))).message).toContain("Give either --site SITE_ID or --all.");
      expect((await rejection(runReindex(context(config), { siteId: "site_x", all: true }))).message).toContain("Give either --site SITE_ID or --all.");
    });
  });

  describe("with --all", () => {
    test("creates the index and reports what it rebuilt", async () => {
      const code = await runReindex(context(testConfig({ ELASTICSEARCH_URL: es.url, ELASTICSEARCH_INDEX_PREFIX: "reindex-cli-test" })), { all: true });
      expect(code).toBe(0);
      expect(es.indexNames()).toContain("reindex-cli-test-chunks-v1");
      expect(printed.at(-1)).toMatch(/^Reindexed \d+ site\(s\), \d+ chunks, into reindex-cli-test-chunks/);
    }, 60_000);
  });
});
