// The behaviour suite against a real cluster when ELASTICSEARCH_URL is set; skipped, with one line saying so, otherwise.
import { afterAll, beforeAll } from "bun:test";
import { loadConfig } from "../../server/config.ts";
import { createElasticsearchClient } from "../../server/adapters/elasticsearch/elasticsearch-client.ts";
import { indexNames } from "../../server/adapters/elasticsearch/index-mapping.ts";
import { ElasticsearchLexicalIndex } from "../../server/adapters/elasticsearch/lexical-index.ts";
import { describeLexicalBehaviour } from "./elasticsearch-behaviour.ts";

const live = Boolean(process.env.ELASTICSEARCH_URL);
if (!live) console.log("elasticsearch-live: skipped, set ELASTICSEARCH_URL (and ELASTICSEARCH_API_KEY or _USERNAME/_PASSWORD) to run it against a cluster.");

let index: ElasticsearchLexicalIndex | undefined;
const client = live ? createElasticsearchClient(loadConfig(process.env).elasticsearch, { maxRetries: 2, requestTimeoutMs: 30_000 }) : undefined;

beforeAll(async () => {
  if (!client) return;
  // A throw-away index per run, so the suite never touches real data.
  index = new ElasticsearchLexicalIndex(client, indexNames(`site-search-test-${Date.now().toString(36)}`), { refresh: true });
  await index.ensureIndex();
}, 60_000);

afterAll(async () => {
  await index?.purge();
  await client?.close();
});

describeLexicalBehaviour("Elasticsearch lexical index behaviour (live cluster)", () => index!, { skip: !live });
