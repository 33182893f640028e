// Relevance on BEIR SciFact through the product's own paths: pages go in through the ingest service, chunks get
// vectors from the embedding queue, and every test query runs through hybrid search as lexical only, vectors only
// and hybrid. Prints nDCG@10, Recall@100, MRR@10 and query latency per mode, at page level (doc id ↔ page URL).
// Usage: bun bench/relevance.ts [--dataset DIR] [--docs N] [--seed S] [--lexical-only] [--workers N] [--alphas 0.5,0.7]
//        [--no-cache] [--no-reference] [--split test|train] [--int8] [--query-precision fp32|int8|q8] [--no-typos]
//        [--heading-weights 1,2,3].
//        --modes REGEX runs only the rows whose name matches (e.g. "^hybrid \(default").
//        --keep-site (PostgreSQL) keeps the ingested site for the next run, which then reuses it instead of ingesting again.
//        --heading-weights adds lexical and default hybrid rows per weight of title and heading words (1 = off), on one ingest.
//        Unless --no-typos, the queries also run with one word each corrupted (seeded), with typo tolerance on and off. PGlite in memory by default; PostgreSQL with DATABASE_URL.
import { availableParallelism, cpus, totalmem } from "node:os";
import { basename, dirname, resolve } from "node:path";
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { createServices } from "../server/app.ts";
import { rows } from "../server/adapters/postgres/database.ts";
import { createEmbedderFromConfig } from "../server/adapters/embedder/create-embedder.ts";
import type { Precision } from "../server/adapters/embedder/onnx/minilm-graph.ts";
import { defaultSearchOptions, type HybridSearchInput } from "../server/search/hybrid-search.ts";
import { loadBeir, pickDocs } from "./beir-dataset.ts";
import { createSciFactSite } from "./scifact-site.ts";
import { cacheFilePath, saveEmbeddingCache, seedEmbeddingCache } from "./embedding-cache-file.ts";
import { mean, mrrAt, ndcgAt, percentile, recallAt } from "./ir-metrics.ts";
import { typoQueries } from "./typo-queries.ts";

const { values: args } = parseArgs({
  options: {
    dataset: { type: "string", default: new URL("../../shared/data/scifact", import.meta.url).pathname },
    docs: { type: "string" },
    seed: { type: "string", default: "42" },
    "lexical-only": { type: "boolean", default: false },
    workers: { type: "string", default: String(availableParallelism()) },
    alphas: { type: "string", default: "0.5,0.7" },
    "no-cache": { type: "boolean", default: false },
    // ONNX engine with int8 MatMul weights (never reads or writes the vector cache, which holds fp32 vectors).
    int8: { type: "boolean", default: false },
    // The query lane alone at another precision (fp32, int8, q8); passages stay as --int8 says.
    "query-precision": { type: "string" },
    "no-reference": { type: "boolean", default: false },
    // "train" tunes (e.g. --alphas) on SciFact's 809 training queries, so the test queries stay unseen.
    split: { type: "string", default: "test" },
    "no-typos": { type: "boolean", default: false },
    "heading-weights": { type: "string", default: "" },
    "keep-site": { type: "boolean", default: false },
    modes: { type: "string" },
  },
});
const dataset = resolve(args.dataset!);
const lexicalOnly = args["lexical-only"]!;
const workers = Math.max(1, Number(args.workers));
const LIMIT = 100;
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// The 30-line Lucene-style BM25 the lexical engine must not fall below (always over the full corpus).
function referenceBm25(): string | null {
  if (args["no-reference"] || args.split !== "test") return null;
  const run = Bun.spawnSync(["python3", "bm25_check.py", basename(dataset)], { cwd: dirname(dataset), stderr: "pipe" });
  return run.exitCode === 0 ? run.stdout.toString().trim() : null;
}

const data = loadBeir(dataset, args.split);
const picked = pickDocs(data, args.docs ? Number(args.docs) : null, Number(args.seed));
const urlOf = (id: string) => `https://scifact.bench.example/doc/${encodeURIComponent(id)}`;
const idOf = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf("/") + 1));

// Keyword engine and embedder come from the environment as in production; the model never runs metadata
// extraction here (heuristics only), and workers stay off so the benchmark drives the queue itself.
const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATABASE_URL ? undefined : "memory://",
  RUN_WORKERS: "false",
  LOG_LEVEL: "error",
  ANTHROPIC_API_KEY: "",
});
const embedder = lexicalOnly
  ? null
  : createEmbedderFromConfig(config.embeddings, {
      passageWorkers: workers,
      passageBatchSize: Math.max(1, Math.floor(8 / workers)),
      precision: args.int8 ? "int8" : "fp32",
      // Unless asked, queries take the product's setting (EMBEDDER_QUERY_PRECISION), or int8 with --int8.
      queryPrecision: (args["query-precision"] as Precision | undefined) ?? (args.int8 ? "int8" : undefined),
    });
const services = await createServices(config, { embedder });
const { db } = services.database;
const keepSite = args["keep-site"]! && Boolean(process.env.DATABASE_URL);
const [kept] = keepSite
  ? await rows<{ siteId: string; orgId: string }>(
      db,
      sql`SELECT s.id AS "siteId", s.org_id AS "orgId" FROM sites s JOIN organisations o ON o.id = s.org_id
          WHERE o.name = 'relevance-bench' AND s.name = 'SciFact' AND EXISTS (SELECT 1 FROM chunks c WHERE c.site_id = s.id) LIMIT 1`,
    )
  : [];
const org = kept ? { id: kept.orgId } : await services.accounts.createOrganisation({ name: "relevance-bench", plan: "enterprise" });
const site = kept ? { id: kept.siteId } : await createSciFactSite(services, org.id);

const reference = referenceBm25();
const cacheFile = embedder && !args["no-cache"] && !args.int8 ? cacheFilePath(embedder.model) : null;
const seededVectors = cacheFile ? await seedEmbeddingCache(db, embedder!.model, cacheFile) : 0;
if (cacheFile) log(`embedding cache: ${seededVectors} vectors from ${cacheFile}`);

log(`ingesting ${picked.docs.length} documents (${picked.judged} judged) into ${services.database.kind}/${services.search.lexical.engine}`);
const ingestStart = performance.now();
let ingestErrors = 0;
if (kept) log(`reusing the site kept by an earlier run (${kept.siteId}): no ingest`);
for (let i = kept ? picked.docs.length : 0; i < picked.docs.length; i += 100) {
  const pages = picked.docs.slice(i, i + 100).map((d) => ({ url: urlOf(d.id), title: d.title, content: d.text.trim() || d.title }));
  const result = await services.ingest.ingestBatch(pages, { orgId: org.id, siteId: site.id, source: "api" });
  ingestErrors += result.errors.length;
  for (const e of result.errors.slice(0, 3)) log(`ingest error ${e.url}: ${e.error}`);
}
const ingestS = (performance.now() - ingestStart) / 1000;
const [counts] = await rows<{ chunks: number; pending: number }>(
  db,
  sql`SELECT count(*)::int AS chunks, count(*) FILTER (WHERE embedded_at IS NULL)::int AS pending FROM chunks WHERE site_id = ${site.id}`,
);
log(`ingested in ${ingestS.toFixed(1)} s: ${counts!.chunks} chunks, ${counts!.pending} without a vector, ${ingestErrors} errors`);

// PGlite runs no autovacuum: without statistics the planner scans every chunk. A PostgreSQL server analyses by itself.
await rows(db, sql`ANALYZE chunks`);
await rows(db, sql`ANALYZE pages`);

let embedS = 0;
let embedded = 0;
if (services.embeddingQueue && counts!.pending > 0) {
  // drain() step by step, to report progress and to save vectors now and then: a killed run keeps what it paid for.
  const started = performance.now();
  let lastLog = started;
  let lastSave = started;
  for (let n = await services.embeddingQueue.step(); n > 0; n = await services.embeddingQueue.step()) {
    embedded += n;
    const now = performance.now();
    if (now - lastLog > 30_000) {
      const rate = embedded / ((now - started) / 1000);
      log(`embedded ${embedded}/${counts!.pending} (${rate.toFixed(1)}/s, ~${Math.round((counts!.pending - embedded) / rate / 60)} min left)`);
      lastLog = now;
    }
    if (cacheFile && now - lastSave > 300_000) {
      await saveEmbeddingCache(db, embedder!.model, cacheFile);
      lastSave = now;
    }
  }
  embedS = (performance.now() - started) / 1000;
  log(`embedded ${embedded} chunks in ${embedS.toFixed(0)} s (${(embedded / embedS).toFixed(2)}/s on ${workers} worker(s))`);
}
if (cacheFile) log(`embedding cache: saved ${await saveEmbeddingCache(db, embedder!.model, cacheFile)} vectors`);

type Mode = { name: string; input: Partial<HybridSearchInput>; typos?: boolean; headingWeight?: number };
// One engine alone is ordered by that engine's own rank (RRF over a single list): its calibrated score is clipped.
const modes: Mode[] = lexicalOnly
  ? [{ name: "lexical", input: { only: "lexical", fusion: "rrf" } }]
  : [
      { name: "lexical", input: { only: "lexical", fusion: "rrf" } },
      { name: "vector", input: { only: "vector", fusion: "rrf" } },
      { name: `hybrid (default: ${defaultSearchOptions.fusion} α=${defaultSearchOptions.alpha})`, input: {} },
      { name: "hybrid rrf k=60", input: { fusion: "rrf" } },
      ...args
        .alphas!.split(",")
        .filter(Boolean)
        .filter((a) => Number(a) !== defaultSearchOptions.alpha)
        .map((a) => ({ name: `hybrid convex α=${Number(a)}`, input: { fusion: "convex" as const, alpha: Number(a) } })),
    ];
// Both Postgres engines read their weight per query, so one ingest compares them; the default rows use the default.
const lexicalIndex = services.search.lexical as { headingWeight?: number; ensureHeadingIndex?(): Promise<void> };
const defaultHeadingWeight = lexicalIndex.headingWeight;
for (const w of args["heading-weights"]!.split(",").filter(Boolean).map(Number)) {
  if (defaultHeadingWeight === undefined) throw new Error(`--heading-weights needs a Postgres keyword engine, not ${services.search.lexical.engine}`);
  const base = modes.filter((m) => m.name === "lexical" || m.name.startsWith("hybrid (default"));
  modes.push(...base.map((m) => ({ ...m, name: `${m.name}, heading weight ${w}`, headingWeight: w })));
  // pg_textsearch reads a second index for heading weights other than 1, built only when asked.
  if (w !== 1) await lexicalIndex.ensureHeadingIndex?.();
}
// The typo'd queries, searched as typed (before issue 19) and with typo tolerance (after); the clean ones above have it on.
if (!args["no-typos"]) {
  const base = modes.filter((m) => m.name === "lexical" || m.name.startsWith("hybrid (default"));
  for (const m of base) {
    modes.push({ name: `${m.name}, typo'd, as typed`, input: { ...m.input, typoTolerance: false }, typos: true });
    modes.push({ name: `${m.name}, typo'd, typo tolerance`, input: m.input, typos: true });
  }
  modes.push({ name: "lexical, clean, as typed", input: { only: "lexical", fusion: "rrf", typoTolerance: false } });
}
const typoed = typoQueries(data.queries, Number(args.seed));
if (args.modes) modes.splice(0, modes.length, ...modes.filter((m) => new RegExp(args.modes!).test(m.name)));

const search = (query: string, mode: Mode) => {
  if (defaultHeadingWeight !== undefined) lexicalIndex.headingWeight = mode.headingWeight ?? defaultHeadingWeight;
  return services.search.hybrid.search({ siteIds: [site.id], query, limit: LIMIT, minScore: 0, ...mode.input });
};
for (const mode of modes) for (const q of data.queries.slice(0, 10)) await search(q.text, mode);

const results = [];
for (const mode of modes) {
  const nd: number[] = [],
    rc: number[] = [],
    mrr: number[] = [],
    ms: number[] = [],
    server: number[] = [];
  for (const q of mode.typos ? typoed : data.queries) {
    const started = performance.now();
    const found = await search(q.text, mode);
    ms.push(performance.now() - started);
    server.push(found.timingMs);
    const ranked = found.results.map((r) => idOf(r.url));
    const relevant = data.qrels.get(q.id)!;
    nd.push(ndcgAt(ranked, relevant, 10));
    rc.push(recallAt(ranked, relevant, LIMIT));
    mrr.push(mrrAt(ranked, relevant, 10));
  }
  results.push({ mode: mode.name, ndcg10: mean(nd), recall100: mean(rc), mrr10: mean(mrr), p50: percentile(ms, 50), p95: percentile(ms, 95) });
  log(`${mode.name}: nDCG@10 ${results.at(-1)!.ndcg10.toFixed(3)}, Recall@${LIMIT} ${results.at(-1)!.recall100.toFixed(3)}`);
}

const machine = {
  cpus: availableParallelism(),
  cpu: cpus()[0]?.model ?? "?",
  ramGb: Math.round(totalmem() / 2 ** 30),
  bun: Bun.version,
  engine: `${services.database.kind}/${services.search.lexical.engine}`,
  embedder: embedder
    ? `${embedder.model} (passages ${args.int8 ? "int8" : "fp32"}, queries ${args["query-precision"] ?? (args.int8 ? "int8" : config.embeddings.queryPrecision)})`
    : null,
};
const measured = {
  dataset: basename(dataset),
  docs: picked.docs.length,
  judgedDocs: picked.judged,
  corpusDocs: data.docs.length,
  seed: args.docs ? Number(args.seed) : null,
  split: args.split,
  queries: data.queries.length,
  chunks: counts!.chunks,
  ingestS,
  ingestPagesPerS: picked.docs.length / ingestS,
  cachedVectors: seededVectors,
  embedded,
  embedS,
  workers,
};

console.log(
  `\n${measured.dataset}: ${measured.docs} of ${measured.corpusDocs} documents (${measured.judgedDocs} judged${measured.seed !== null ? `, distractors seed ${measured.seed}` : ""}), ${measured.chunks} chunks, ${measured.queries} ${args.split} queries`,
);
console.log(
  `machine: ${machine.cpus} cpus (${machine.cpu}), ${machine.ramGb} GB RAM, bun ${machine.bun}, ${machine.engine}, embedder ${machine.embedder ?? "none"}`,
);
if (defaultHeadingWeight !== undefined) console.log(`title and heading words weigh ${defaultHeadingWeight}× body words unless the row names another weight`);
console.log(
  `ingest: ${ingestS.toFixed(1)} s (${measured.ingestPagesPerS.toFixed(0)} pages/s to keyword-searchable); embedding: ${embedded} chunks in ${embedS.toFixed(0)} s, ${seededVectors} vectors from the cache file`,
);
console.log(`\n| mode | nDCG@10 | Recall@${LIMIT} | MRR@10 | p50 ms | p95 ms |\n|---|---:|---:|---:|---:|---:|`);
for (const r of results)
  console.log(`| ${r.mode} | ${r.ndcg10.toFixed(3)} | ${r.recall100.toFixed(3)} | ${r.mrr10.toFixed(3)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
if (reference) console.log(`\nreference (bm25_check.py, full corpus): ${reference}`);

const outDir = new URL("./results/", import.meta.url).pathname;
mkdirSync(outDir, { recursive: true });
writeFileSync(`${outDir}relevance-${new Date().toISOString().replace(/[:.]/g, "-")}.json`, JSON.stringify({ machine, measured, results, reference }, null, 2));

// Leave a shared server as it was: the site's pages and chunks go with it.
if (!keepSite) {
  await services.siteStore.delete(org.id, site.id);
  await rows(db, sql`DELETE FROM organisations WHERE id = ${org.id}`);
}
(embedder as { close?(): void } | null)?.close?.();
await services.close();
