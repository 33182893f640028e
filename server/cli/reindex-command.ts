// site-search reindex --site ID | --all: rebuilds the Elasticsearch index from Postgres, the source of truth.
import { ConfigError } from "../errors/app-error.ts";
import { createElasticsearchClient } from "../adapters/elasticsearch/elasticsearch-client.ts";
import { indexNames } from "../adapters/elasticsearch/index-mapping.ts";
import { ElasticsearchLexicalIndex } from "../adapters/elasticsearch/lexical-index.ts";
import { allSiteIds, reindexSites, siteExists } from "../adapters/elasticsearch/reindex.ts";
import type { CommandContext } from "./data-commands.ts";

export async function runReindex({ config, database, out, err }: CommandContext, opts: { siteId?: string; all?: boolean }): Promise<number> {
  if (config.lexicalEngine !== "elasticsearch" || !config.elasticsearch.url) {
    throw new ConfigError(
      `reindex rebuilds the Elasticsearch index; set ELASTICSEARCH_URL. The ${config.lexicalEngine} engine indexes inside Postgres and never needs it.`,
    );
  }
  if (Boolean(opts.siteId) === Boolean(opts.all)) throw new ConfigError("Give either --site SITE_ID or --all.");
  // A rebuild is not on anyone's request path: allow slow bulk requests and retry them.
  const client = createElasticsearchClient(config.elasticsearch, { requestTimeoutMs: 120_000, maxRetries: 3 });
  try {
    const index = new ElasticsearchLexicalIndex(client, indexNames(config.elasticsearch.indexPrefix));
    let siteIds: string[];
    if (opts.siteId) {
      if (!(await siteExists(database.db, opts.siteId))) throw new ConfigError(`No site ${opts.siteId}.`);
      siteIds = [opts.siteId];
    } else {
      siteIds = await allSiteIds(database.db);
    }
    const started = performance.now();
    const done = await reindexSites(database.db, index, siteIds, {
      onSite: (p) => out(`${p.siteId}\t${p.chunks} chunks`),
    });
    const total = done.reduce((sum, p) => sum + p.chunks, 0);
    out(`Reindexed ${done.length} site(s), ${total} chunks, into ${index.names.alias} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    err(`error: ${(error as Error).message}`);
    return 1;
  } finally {
    await client.close();
  }
}
