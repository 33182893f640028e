// One API instance for the traffic benchmark, in a process of its own so its CPU, RSS and log lines are its own (and it
// can run under `bun --cpu-prof`). With --seed it creates the organisation, the public site and an API key and pushes
// the httpd manual, every passage embedded; without, it serves the database another instance seeded (PostgreSQL).
// Passage vectors come from bench/.cache/embeddings-traffic-<model>.tsv (ingest takes a vector from the embedding
// cache by the passage's hash), so only the first run on a machine embeds the manual (3,318 passages, a few minutes on
// 2 cores); --no-embed leaves the passages without vectors. Prints one line `ready {json}` on stdout when it listens, and exits
// cleanly (writing any profile) on SIGTERM.
// Usage: bun bench/traffic-server.ts [--port N] [--reuse-port] [--seed DIR] [--solo] [--no-embed]   (PGlite, or DATABASE_URL)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { createContainer } from "../server/app.ts";
import { rows } from "../server/adapters/postgres/database.ts";
import { generateApiKey } from "../server/accounts/api-key-format.ts";
import type { SearchSpeed } from "../shared/search.ts";
import { percentile, questions } from "./traffic-visitor.ts";
import { cacheFilePath, saveEmbeddingCache, seedEmbeddingCache } from "./embedding-cache-file.ts";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    port: { type: "string", default: "0" },
    "reuse-port": { type: "boolean", default: false },
    seed: { type: "string" },
    solo: { type: "boolean", default: false },
    "no-embed": { type: "boolean", default: false },
  },
});

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : path.endsWith(".html") ? [path] : [];
  });
}

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? "memory://",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  RUN_WORKERS: process.env.RUN_WORKERS ?? "false",
  TRUST_PROXY: "true",
  CRAWL_ALLOW_PRIVATE_NETWORKS: "true",
  CRAWL_HOST_INTERVAL_MS: "0",
});
const { services, parts } = await createContainer(config);
const server = Bun.serve({
  port: Number(values.port),
  hostname: "127.0.0.1",
  reusePort: values["reuse-port"],
  idleTimeout: 0,
  maxRequestBodySize: Number.MAX_SAFE_INTEGER,
  fetch: services.http.fetch,
});

/** The organisation, its public site with the manual pushed through ingest, and an owner key for pushes and crawls. */
async function seed(root: string) {
  const org = await parts.stores.accounts.createOrganisation({ name: "traffic", plan: "enterprise" });
  const { key, prefix, hash } = generateApiKey("test");
  await parts.stores.accounts.createKey({ orgId: org.id, name: "traffic", role: "owner", environment: "test", prefix, hash });
  const site = await parts.sites.sites.create(org.id, { name: "httpd manual", baseUrl: "https://httpd.bench.example/" });
  await parts.sites.sites.update(org.id, site.siteId, { publicAccess: { enabled: true, searchEnabled: true, allowedDomains: ["httpd.bench.example"] } });
  const embedder = values["no-embed"] ? null : parts.embedder;
  // Its own file: the relevance benchmark's holds SciFact's vectors, which this run never needs.
  const cacheFile = embedder ? cacheFilePath(`traffic-${embedder.model}`) : null;
  if (embedder && cacheFile) await seedEmbeddingCache(parts.database.db, embedder.model, cacheFile);
  const files = htmlFiles(root);
  for (let i = 0; i < files.length; i += 50) {
    const pages = files.slice(i, i + 50).map((file) => ({ url: `https://httpd.bench.example/${relative(root, file)}`, content: readFileSync(file, "utf8") }));
    await parts.ingest.ingest.ingestBatch(pages, { orgId: org.id, siteId: site.siteId, source: "api" });
  }
  const embedded = embedder && cacheFile ? await embedPassages(embedder.model, cacheFile) : 0;
  // PGlite runs no autovacuum: without statistics the planner scans every chunk (and saved vectors left dead versions).
  await rows(parts.database.db, sql`VACUUM ANALYZE chunks`);
  const [{ n: chunks, vectors } = { n: 0, vectors: 0 }] = await rows<{ n: number; vectors: number }>(
    parts.database.db,
    sql`SELECT count(*)::int AS n, count(embedded_at)::int AS vectors FROM chunks WHERE site_id = ${site.siteId}`,
  );
  return { orgId: org.id, siteId: site.siteId, apiKey: key, pages: files.length, chunks, vectors, embedded };
}

/** Embeds the passages the cache file did not hold (all of them on a machine's first run) and saves the file. */
async function embedPassages(model: string, cacheFile: string): Promise<number> {
  const queue = parts.ingest.embeddingQueue;
  if (!queue) return 0;
  const started = performance.now();
  const embedded = await queue.drain();
  if (embedded > 0) {
    await saveEmbeddingCache(parts.database.db, model, cacheFile);
    console.error(`embedded ${embedded} passages in ${Math.round((performance.now() - started) / 1000)} s; saved to ${cacheFile}`);
  }
  return embedded;
}

/** Where one search's time goes with nobody else asking: six questions' prefixes, at each speed, in turn. */
async function solo(siteId: string, speed: SearchSpeed) {
  const times: Record<"total" | "lexical" | "embed" | "vector", number[]> = { total: [], lexical: [], embed: [], vector: [] };
  for (const question of questions.slice(0, 6)) {
    for (let end = 4; end <= question.length; end += 6) {
      const found = await parts.search.hybrid.search({ siteIds: [siteId], query: question.slice(0, end), limit: 10, minScore: 0.3, speed });
      times.total.push(found.timingMs);
      times.lexical.push(found.costs.lexicalMs);
      times.embed.push(found.costs.embedMs);
      times.vector.push(found.costs.vectorMs);
    }
  }
  const p50 = (list: number[]) => percentile(list, 0.5);
  return `${speed} p50 ${p50(times.total)} ms (keyword ${p50(times.lexical)}, embed ${p50(times.embed)}, vector ${p50(times.vector)}), p95 ${percentile(times.total, 0.95)} ms`;
}

const seeded = values.seed ? await seed(values.seed) : null;
// The first query loads the embedding model; no visitor should pay for that inside a measurement.
await parts.embedder?.embed({ texts: ["warm up the model"], kind: "query" });
const soloLines = seeded && values.solo ? [await solo(seeded.siteId, "instant"), await solo(seeded.siteId, "full")] : [];
console.log(`ready ${JSON.stringify({ port: server.port, database: parts.database.kind, ...seeded, solo: soloLines })}`);

process.on("SIGTERM", async () => {
  server.stop(true);
  await services.close();
  process.exit(0);
});
