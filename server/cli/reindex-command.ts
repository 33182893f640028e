// site-search reindex --site ID | --all: rebuilds the Elasticsearch index from Postgres, the source of truth.
import { ConfigError } from "../errors/config-error.ts";
import type { CommandContext } from "./command-context.ts";

export async function runReindex({ config, stores, out, err }: CommandContext, opts: { siteId?: string; all?: boolean }): Promise<number> {
  if (config.lexicalEngine !== "elasticsearch" || !config.elasticsearch.url) {
    throw new ConfigError(
      `reindex rebuilds the Elasticsearch index; set ELASTICSEARCH_URL. The ${config.lexicalEngine} engine indexes inside Postgres and never needs it.`,
    );
  }
  if (Boolean(opts.siteId) === Boolean(opts.all)) throw new ConfigError("Give either --site SITE_ID or --all.");
  const rebuilder = await stores.openIndexRebuilder();
  try {
    let siteIds: string[];
    if (opts.siteId) {
      if (!(await rebuilder.siteExists(opts.siteId))) throw new ConfigError(`No site ${opts.siteId}.`);
      siteIds = [opts.siteId];
    } else {
      siteIds = await rebuilder.allSiteIds();
    }
    const started = performance.now();
    const done = await rebuilder.rebuild(siteIds, (p) => out(`${p.siteId}\t${p.chunks} chunks`));
    const total = done.reduce((sum, p) => sum + p.chunks, 0);
    out(`Reindexed ${done.length} site(s), ${total} chunks, into ${rebuilder.target} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    err(`error: ${(error as Error).message}`);
    return 1;
  } finally {
    await rebuilder.close();
  }
}
