// Crawl benchmark: serves the Apache httpd manual on 127.0.0.1, crawls all of it through the real worker into a
// fresh database (PGlite, or PostgreSQL with DATABASE_URL), and reports pages/s, the time until the manual is
// keyword-searchable, and the time until every chunk has its MiniLM vector (the queue runs during the crawl, as with
// RUN_WORKERS). MiniLM on CPU embeds well under one long passage a second on 2 cores, so after --embed-budget seconds
// (default 300) the bench stops waiting and reports the measured rate and the projected total instead.
// Usage: bun bench/crawl.ts [--site DIR] [--no-embed] [--embed-budget SECONDS]   (or CRAWL_BENCH_SITE=DIR)
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { createContainer } from "../server/app.ts";
import { rows } from "../server/adapters/postgres/database.ts";
import { serveCrawlSite } from "../tests/fixtures/crawl-site-server.ts";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    site: { type: "string" },
    "no-embed": { type: "boolean", default: false },
    "host-concurrency": { type: "string", default: "8" },
    "embed-budget": { type: "string", default: "300" },
  },
});
const root = values.site ?? process.env.CRAWL_BENCH_SITE ?? new URL("../../shared/data/httpd-docs/site/", import.meta.url).pathname;
const embed = !values["no-embed"];

const server = serveCrawlSite({ root });
const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: "memory://",
  LOG_LEVEL: "warn",
  RUN_WORKERS: "false",
  CRAWL_ALLOW_PRIVATE_NETWORKS: "true",
  // Loopback: politeness gaps would measure the sleep, not the crawler.
  CRAWL_HOST_INTERVAL_MS: "0",
  CRAWL_HOST_CONCURRENCY: values["host-concurrency"],
});
const { services, parts } = await createContainer(config, embed ? {} : { embedder: null });
const org = await parts.stores.accounts.createOrganisation({ name: "bench", plan: "enterprise" });
const site = await parts.sites.sites.create(org.id, { name: "httpd manual", baseUrl: `${server.origin}/`, crawlerConfig: { maxPages: 5000, maxDepth: 20 } });

const pendingChunks = async () =>
  Number(
    (await rows<{ n: number }>(parts.database.db, sql`SELECT count(*)::int AS n FROM chunks WHERE site_id = ${site.siteId} AND embedded_at IS NULL`))[0]?.n ??
      0,
  );

const started = performance.now();
if (embed) parts.ingest.embeddingQueue?.start();
const { jobId } = await parts.crawl.crawl.start(org.id, site.siteId);
const outcome = await parts.crawl.worker.runOnce();
const crawlSeconds = (performance.now() - started) / 1000;
const job = await parts.crawl.crawl.get(org.id, jobId);

const probe = await parts.search.hybrid.search({ siteIds: [site.siteId], query: "RewriteRule", limit: 5, minScore: 0, only: "lexical" });
const stats = await parts.stores.sites.stats(site.siteId);
const lines = [
  `site: ${root} (${server.requests.length} requests served)`,
  `database: ${parts.database.kind}, lexical engine: ${config.lexicalEngine}, host concurrency ${config.crawl.hostConcurrency}`,
  `crawl ${outcome}: ${job.pagesCrawled} pages crawled, ${job.pagesProcessed} indexed, ${job.pagesErrored} dead links, ${job.pagesDiscovered} addresses discovered`,
  `keyword-searchable after ${crawlSeconds.toFixed(1)} s: ${(job.pagesCrawled / crawlSeconds).toFixed(1)} pages/s, ${((job.pagesCrawled + job.pagesErrored + job.pagesSkipped) / crawlSeconds).toFixed(1)} fetches/s; ${stats.chunkCount} chunks; "RewriteRule" finds ${probe.results.length} results`,
];
console.log(lines.join("\n"));

if (embed && parts.ingest.embeddingQueue) {
  const budgetEnds = performance.now() + Number(values["embed-budget"]) * 1000;
  const atCrawlEnd = { pending: await pendingChunks(), at: performance.now() };
  let pending = atCrawlEnd.pending;
  while (pending > 0 && performance.now() < budgetEnds) {
    await Bun.sleep(1000);
    pending = await pendingChunks();
  }
  const seconds = (performance.now() - started) / 1000;
  if (pending === 0) {
    const afterCrawl = (performance.now() - atCrawlEnd.at) / 1000;
    console.log(`fully embedded after ${seconds.toFixed(1)} s (${parts.embedder?.model}; ${(stats.chunkCount / seconds).toFixed(2)} chunks/s end to end)`);
    console.log(
      `${atCrawlEnd.pending} chunks waited when the crawl ended: embedded in ${afterCrawl.toFixed(1)} s, ${(atCrawlEnd.pending / afterCrawl).toFixed(2)} chunks/s`,
    );
  } else {
    const rate = (atCrawlEnd.pending - pending) / ((performance.now() - atCrawlEnd.at) / 1000);
    const projected = seconds + pending / Math.max(rate, 1e-9);
    console.log(
      `not fully embedded within the budget: ${stats.chunkCount - pending}/${stats.chunkCount} chunks after ${seconds.toFixed(0)} s; ${rate.toFixed(2)} chunks/s once the crawl ended, so fully embedded after about ${(projected / 60).toFixed(0)} min (${parts.embedder?.model})`,
    );
  }
}

await services.close();
server.stop();
process.exit(0);
