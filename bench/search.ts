// Server-side latency of warm hybrid queries (BM25 + HNSW + fusion + snippets) at 10k and 50k chunks.
// Synthetic text from a Zipf-like vocabulary and random unit vectors for the passages: real MiniLM embedding of 50k
// passages would take hours. Queries are embedded by the real built-in MiniLM (ONNX Runtime; EMBEDDER_ENGINE=wasm for the
// WASM engine), so the total includes the query embedding as a visitor's search does; "retrieval" is the same time
// without it. Every measured query is new (a cache miss); the same queries are then asked again ("repeat" columns),
// answered from the query-vector cache.
// Loads the chunks first and builds missing indexes after, as a bulk import would (a shared PostgreSQL keeps them
// between runs, so there they are maintained during the load). PGlite by default; PostgreSQL with DATABASE_URL.
// Usage: bun bench/search.ts [sizes=10000,50000] [queries=200] [--keep DIR]
//   --keep DIR (PGlite): each size's database lives in DIR/<size> and is reused by the next run, which then skips the
//   load (to profile the queries alone, e.g. with bun --cpu-prof-md).
import { sql } from "drizzle-orm";
import { join } from "node:path";
import { openDatabase, rows, type Database } from "../server/adapters/postgres/database.ts";
import { AccountStore } from "../server/adapters/postgres/account-store.ts";
import { SiteStore } from "../server/adapters/postgres/site-store.ts";
import { createPostgresLexicalIndex } from "../server/adapters/postgres/lexical-index-factory.ts";
import { PgVectorStore } from "../server/adapters/postgres/pgvector-store.ts";
import { SearchChunkStore } from "../server/adapters/postgres/search-chunk-store.ts";
import { SiteVocabulary } from "../server/adapters/postgres/site-vocabulary.ts";
import { CompletionStore } from "../server/adapters/postgres/completion-store.ts";
import { createSearchModule } from "../server/search/index.ts";
import { createLogger } from "../server/logger.ts";
import type { Embedder } from "../server/ports/embedder.ts";
import { createEmbedderFromConfig } from "../server/adapters/embedder/create-embedder.ts";
import { loadConfig } from "../server/config.ts";

const keepAt = process.argv.indexOf("--keep");
const keepDir = keepAt > 0 && !process.env.DATABASE_URL ? process.argv[keepAt + 1]! : null;
const positional = process.argv.slice(2).filter((_, i, all) => all[i] !== "--keep" && all[i - 1] !== "--keep");
const sizes = (positional[0] ?? "10000,50000").split(",").map(Number);
const queryCount = Number(positional[1] ?? 200);
const DIM = 384;

function unitVector(): number[] {
  const v = Array.from({ length: DIM }, () => Math.random() * 2 - 1);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

const words = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}${"aeiou"[i % 5]}`);
const word = () => words[Math.min(words.length - 1, Math.floor(Math.random() ** 2.5 * words.length))]!;
const passage = (n: number) => Array.from({ length: n }, word).join(" ");

const minilm = createEmbedderFromConfig(loadConfig({ ...process.env, DATA_DIR: "memory://" }).embeddings, { passageWorkers: 0 });
// Passages carry random vectors under this model name; queries go through MiniLM (same 384 dimensions).
const queryEmbedder: Embedder = {
  model: "bench-random-384",
  dimensions: DIM,
  embed: (input) => minilm.embed(input),
  ready: () => minilm.ready(),
};

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(size: number) {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: keepDir ? join(keepDir, String(size)) : "memory://" });
  const db = database.db;
  const siteStore = new SiteStore(db);
  const [kept] = keepDir
    ? await rows<{ id: string; orgId: string }>(
        db,
        sql`SELECT s.id, s.org_id AS "orgId" FROM sites s WHERE s.name = 'bench' AND (SELECT count(*) FROM chunks c WHERE c.site_id = s.id) = ${size}`,
      )
    : [];
  // A kept database is measured as it is: no load (0 s in the table).
  if (kept) return measure(database, siteStore, { id: kept.orgId }, { id: kept.id }, size, 0);
  const org = await new AccountStore(db).createOrganisation({ name: "bench", plan: "enterprise" });
  const site = await siteStore.create({
    orgId: org.id,
    name: "bench",
    baseUrl: "https://bench.example.com",
    crawlerConfig: { maxPages: 100, maxDepth: 3, respectRobotsTxt: true, excludePatterns: [], includePatterns: [], javascriptEnabled: false },
    publicAccess: { enabled: true, searchEnabled: true, chatEnabled: false, allowedDomains: [] },
    rateLimits: { searchPerMinute: 60, chatPerMinute: 20 },
  });
  const loadStart = performance.now();
  const chunksPerPage = 5;
  for (let done = 0; done < size; done += 500) {
    const pageValues = [];
    const chunkValues = [];
    for (let i = done; i < Math.min(size, done + 500); i += chunksPerPage) {
      const pageId = `bpage_${site.id}_${i}`;
      pageValues.push(sql`(${pageId}, ${site.id}, ${`https://bench.example.com/p/${i}`}, ${`Page ${passage(4)}`}, ${pageId}, 'api')`);
      for (let j = 0; j < chunksPerPage && i + j < size; j++) {
        const text = passage(120);
        chunkValues.push(
          sql`(${`bchk_${site.id}_${i + j}`}, ${pageId}, ${site.id}, ${j}, ${text}, ${text}, ${`h${i + j}`}, ${`[${unitVector().join(",")}]`}::vector, ${queryEmbedder.model}, now())`,
        );
      }
    }
    await rows(db, sql`INSERT INTO pages (id, site_id, url, title, content_hash, source) VALUES ${sql.join(pageValues, sql`, `)}`);
    await rows(
      db,
      sql`INSERT INTO chunks (id, page_id, site_id, position, text, search_text, content_hash, embedding, embedding_model, embedded_at) VALUES ${sql.join(chunkValues, sql`, `)}`,
    );
  }
  const loadMs = performance.now() - loadStart;
  return measure(database, siteStore, org, site, size, loadMs);
}

async function measure(database: Database, siteStore: SiteStore, org: { id: string }, site: { id: string }, size: number, loadMs: number) {
  const db = database.db;
  // The figures are for a table autovacuum has caught up with. PGlite runs no autovacuum: without statistics its
  // planner scores every row (p50 ~1.7 s at 10k chunks instead of ~20 ms). On PostgreSQL the built-in full-text GIN
  // index keeps fresh rows in a pending list that every query scans until vacuum merges it (lexical p50 83 ms
  // instead of ~40 ms at 10k chunks loaded into an existing index).
  await rows(db, sql`VACUUM ANALYZE chunks`);
  await rows(db, sql`VACUUM ANALYZE pages`);
  const indexStart = performance.now();
  const lexicalIndex = await createPostgresLexicalIndex(database, "auto");
  const vectors = new PgVectorStore(db, { model: queryEmbedder.model, dimensions: queryEmbedder.dimensions });
  await vectors.ensureIndex();
  const search = createSearchModule({
    lexical: lexicalIndex,
    vectors: { store: vectors, indexName: vectors.indexName },
    embedder: queryEmbedder,
    chunks: new SearchChunkStore(db, queryEmbedder.model),
    vocabulary: new SiteVocabulary(db),
    completions: new CompletionStore(db),
    siteRows: siteStore,
    assertSite: async () => {},
    record: () => {},
    log: createLogger("error"),
  });
  const indexMs = performance.now() - indexStart;
  const query = () => Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => words[Math.floor(Math.random() * 800)]).join(" ");
  const distinct = new Set<string>();
  while (distinct.size < queryCount + 20) distinct.add(query());
  const [warm, measured] = [[...distinct].slice(0, 20), [...distinct].slice(20)];
  for (const q of warm) await search.hybrid.search({ siteIds: [site.id], query: q, limit: 10, minScore: 0 });
  const total: number[] = [];
  const retrieval: number[] = [];
  const embed: number[] = [];
  const lexical: number[] = [];
  const vector: number[] = [];
  for (const q of measured) {
    const started = performance.now();
    const found = await search.hybrid.search({ siteIds: [site.id], query: q, limit: 10, minScore: 0 });
    const ms = performance.now() - started;
    total.push(ms);
    embed.push(found.costs.embedMs);
    retrieval.push(ms - found.costs.embedMs);
    lexical.push(found.costs.lexicalMs);
    vector.push(found.costs.vectorMs);
  }
  const repeat: number[] = [];
  for (const q of measured) {
    const started = performance.now();
    await search.hybrid.search({ siteIds: [site.id], query: q, limit: 10, minScore: 0 });
    repeat.push(performance.now() - started);
  }
  for (const list of [total, retrieval, embed, lexical, vector, repeat]) list.sort((a, b) => a - b);
  // Leave a shared server as it was: the site's pages and chunks go with it. A kept database keeps them.
  if (!keepDir) {
    await siteStore.delete(org.id, site.id);
    await rows(db, sql`DELETE FROM organisations WHERE id = ${org.id}`);
  }
  await database.close();
  return {
    size,
    engine: `${database.kind}/${lexicalIndex.engine}`,
    loadS: loadMs / 1000,
    indexS: indexMs / 1000,
    p50: pct(total, 50),
    p95: pct(total, 95),
    retrievalP50: pct(retrieval, 50),
    retrievalP95: pct(retrieval, 95),
    embedP50: pct(embed, 50),
    embedP95: pct(embed, 95),
    repeatP50: pct(repeat, 50),
    repeatP95: pct(repeat, 95),
    lexP50: pct(lexical, 50),
    vecP50: pct(vector, 50),
  };
}

await minilm.ready();
const results = [];
for (const size of sizes) results.push(await run(size));
console.log("chunks  engine                      load s  index s   p50 ms   p95 ms  retrieval p50/p95  embed p50/p95  repeat p50/p95  lexical p50  vector p50");
for (const r of results) {
  console.log(
    `${String(r.size).padStart(6)}  ${r.engine.padEnd(26)}  ${r.loadS.toFixed(1).padStart(6)}  ${r.indexS.toFixed(1).padStart(7)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}  ${`${r.retrievalP50.toFixed(1)}/${r.retrievalP95.toFixed(1)}`.padStart(17)}  ${`${r.embedP50.toFixed(1)}/${r.embedP95.toFixed(1)}`.padStart(13)}  ${`${r.repeatP50.toFixed(1)}/${r.repeatP95.toFixed(1)}`.padStart(14)}  ${r.lexP50.toFixed(0).padStart(11)}  ${r.vecP50.toFixed(0).padStart(10)}`,
  );
}
