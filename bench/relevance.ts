// Relevance on BEIR collections through the product's own paths: pages go in through the ingest service, chunks get
// vectors from the embedding queue, and every test query runs through hybrid search as lexical only, vectors only
// and hybrid. Prints nDCG@10, Recall@100, MRR@10 and query latency per mode, at page level (doc id ↔ page URL).
// SciFact (short claims), CACM and MED (long natural-language questions over titled documents) run one after the
// other, each on its own site, and each has a bar its default hybrid row must reach (BARS below); a miss exits 1.
// Usage: bun bench/relevance.ts [--datasets scifact,cacm,med | --dataset DIR] [--docs N] [--seed S] [--lexical-only]
//        [--workers N] [--alphas 0.5,0.7] [--curve]
//        [--no-cache] [--no-reference] [--split test|train] [--int8] [--query-precision fp32|int8|q8] [--no-typos]
//        [--heading-weights 1,2,3].
//        --modes REGEX runs only the rows whose name matches (e.g. "^hybrid \(default").
//        --keep-site (PostgreSQL) keeps the ingested site for the next run, which then reuses it instead of ingesting again.
//        --heading-weights adds lexical and default hybrid rows per weight of title and heading words (1 = off), on one ingest.
//        --curve also measures the default hybrid at 0, 10, 25, 50, 75 and 100 % of the chunks embedded (in the
//        queue's order, EMBEDDING_ORDER), beside lexical only; --curve-policies lexical,lexical-order,within-embedded,adaptive
//        measures other ways of ordering chunks without a vector (default: the product's default alone);
//        --curve-orders queue,creation also gives vectors back in creation order (by id) beside the queue's.
//        Unless --no-typos, the queries also run with one word each corrupted (seeded), with typo tolerance on and off. PGlite in memory by default; PostgreSQL with DATABASE_URL.
import { availableParallelism, cpus, totalmem } from "node:os";
import { basename, dirname, resolve } from "node:path";
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { createContainer } from "../server/app.ts";
import { rows } from "../server/adapters/postgres/database.ts";
import { EMBEDDING_ORDER } from "../server/adapters/postgres/embedding-store.ts";
import { createEmbedderFromConfig } from "../server/adapters/embedder/create-embedder.ts";
import type { Precision } from "../server/adapters/embedder/onnx/minilm-graph.ts";
import { defaultSearchOptions, type HybridSearchInput } from "../server/search/hybrid-search.ts";
import type { UnembeddedPolicy } from "../server/search/fusion.ts";
import { loadBeir, pickDocs, type BeirDataset, type BeirDoc } from "./beir-dataset.ts";
import { createSciFactSite } from "./scifact-site.ts";
import { cacheFilePath, saveEmbeddingCache, seedEmbeddingCache } from "./embedding-cache-file.ts";
import { mean, mrrAt, ndcgAt, percentile, recallAt } from "./ir-metrics.ts";
import { typoQueries } from "./typo-queries.ts";

const { values: args } = parseArgs({
  options: {
    datasets: { type: "string", default: "scifact,cacm,med" },
    dataset: { type: "string" },
    curve: { type: "boolean", default: false },
    // The policies the curve measures beside lexical only: the default alone unless asked (each costs a pass per share).
    "curve-policies": { type: "string", default: defaultSearchOptions.unembedded },
    // The orders the curve gives vectors back in: "queue" (the embedding queue's) and "creation" (by id).
    "curve-orders": { type: "string", default: "queue" },
    "curve-percents": { type: "string", default: "0,10,25,50,75,100" },
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
const dataDir = new URL("../../shared/data/", import.meta.url).pathname;
const datasets = args.dataset ? [resolve(args.dataset)] : args.datasets!.split(",").map((d) => resolve(dataDir, d.trim()));
/**
 * nDCG@10 each full collection's default hybrid row must reach on its test queries: SciFact the figure the product
 * reached before; CACM and MED their figure at bf8326f, before the keyword planner fed the vector side (0.523 and
 * 0.801 there, both above plain BM25's 0.387 and 0.676). Long questions are what those two guard.
 */
const BARS: Record<string, number> = { scifact: 0.741, cacm: 0.523, med: 0.801 };
const lexicalOnly = args["lexical-only"]!;
const workers = Math.max(1, Number(args.workers));
const LIMIT = 100;
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// The 30-line Lucene-style BM25 the lexical engine must not fall below (always over the full corpus).
function referenceBm25(dataset: string): string | null {
  if (args["no-reference"] || args.split !== "test") return null;
  const run = Bun.spawnSync(["python3", "bm25_check.py", basename(dataset)], { cwd: dirname(dataset), stderr: "pipe" });
  return run.exitCode === 0 ? run.stdout.toString().trim() : null;
}

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
const { services, parts } = await createContainer(config, { embedder });
const { db } = parts.database;
const keepSite = args["keep-site"]! && Boolean(process.env.DATABASE_URL);
const cacheFile = embedder && !args["no-cache"] && !args.int8 ? cacheFilePath(embedder.model) : null;
const seededVectors = cacheFile ? await seedEmbeddingCache(db, embedder!.model, cacheFile) : 0;
if (cacheFile) log(`embedding cache: ${seededVectors} vectors from ${cacheFile}`);

type Mode = { name: string; input: Partial<HybridSearchInput>; typos?: boolean; headingWeight?: number };
// Both Postgres engines read their weight per query, so one ingest compares them; the default rows use the default.
const lexicalIndex = parts.lexical as { headingWeight?: number; ensureHeadingIndex?(): Promise<void> };
const defaultHeadingWeight = lexicalIndex.headingWeight;
const DEFAULT_ROW = `hybrid (default: ${defaultSearchOptions.fusion} α=${defaultSearchOptions.alpha})`;

async function buildModes(): Promise<Mode[]> {
  // One engine alone is ordered by that engine's own rank (RRF over a single list): its calibrated score is clipped.
  const modes: Mode[] = lexicalOnly
    ? [{ name: "lexical", input: { only: "lexical", fusion: "rrf" } }]
    : [
        { name: "lexical", input: { only: "lexical", fusion: "rrf" } },
        { name: "vector", input: { only: "vector", fusion: "rrf" } },
        { name: DEFAULT_ROW, input: {} },
        { name: "hybrid rrf k=60", input: { fusion: "rrf" } },
        ...args
          .alphas!.split(",")
          .filter(Boolean)
          .filter((a) => Number(a) !== defaultSearchOptions.alpha)
          .map((a) => ({ name: `hybrid convex α=${Number(a)}`, input: { fusion: "convex" as const, alpha: Number(a) } })),
      ];
  for (const w of args["heading-weights"]!.split(",").filter(Boolean).map(Number)) {
    if (defaultHeadingWeight === undefined) throw new Error(`--heading-weights needs a Postgres keyword engine, not ${parts.lexical.engine}`);
    const base = modes.filter((m) => m.name === "lexical" || m.name.startsWith("hybrid (default"));
    modes.push(...base.map((m) => ({ ...m, name: `${m.name}, heading weight ${w}`, headingWeight: w })));
    // pg_textsearch reads a second index for heading weights other than 1, built only when asked.
    if (w !== 1) await lexicalIndex.ensureHeadingIndex?.();
  }
  // The typo'd queries, searched as typed and with typo tolerance; the clean ones above have it on.
  if (!args["no-typos"]) {
    const base = modes.filter((m) => m.name === "lexical" || m.name.startsWith("hybrid (default"));
    for (const m of base) {
      modes.push({ name: `${m.name}, typo'd, as typed`, input: { ...m.input, typoTolerance: false }, typos: true });
      modes.push({ name: `${m.name}, typo'd, typo tolerance`, input: m.input, typos: true });
    }
    modes.push({ name: "lexical, clean, as typed", input: { only: "lexical", fusion: "rrf", typoTolerance: false } });
  }
  if (args.modes) modes.splice(0, modes.length, ...modes.filter((m) => new RegExp(args.modes!).test(m.name)));
  return modes;
}
const modes = await buildModes();

type Row = { mode: string; ndcg10: number; recall100: number; mrr10: number; p50: number; p95: number };
type Queries = Array<{ id: string; text: string }>;

/** Every query of the list through one mode: the mean metrics and the latency percentiles. */
async function measure(siteId: string, data: BeirDataset, queries: Queries, mode: Mode): Promise<Row> {
  if (defaultHeadingWeight !== undefined) lexicalIndex.headingWeight = mode.headingWeight ?? defaultHeadingWeight;
  const nd: number[] = [],
    rc: number[] = [],
    mrr: number[] = [],
    ms: number[] = [];
  let keywordsOnly = 0;
  for (const q of queries) {
    const started = performance.now();
    const found = await parts.search.hybrid.search({ siteIds: [siteId], query: q.text, limit: LIMIT, minScore: 0, ...mode.input });
    ms.push(performance.now() - started);
    // A query whose embedding timed out (a loaded machine) is answered on keywords alone: the row would not be its mode's.
    if (mode.input.only !== "lexical" && found.mode === "lexical") keywordsOnly++;
    const ranked = found.results.map((r) => idOf(r.url));
    const relevant = data.qrels.get(q.id)!;
    nd.push(ndcgAt(ranked, relevant, 10));
    rc.push(recallAt(ranked, relevant, LIMIT));
    mrr.push(mrrAt(ranked, relevant, 10));
  }
  if (keywordsOnly > 0) log(`${mode.name}: ${keywordsOnly} of ${queries.length} queries answered on keywords alone (query embedding timed out)`);
  return { mode: mode.name, ndcg10: mean(nd), recall100: mean(rc), mrr10: mean(mrr), p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

/** Ingests the collection into a site of its own (or reuses the one --keep-site left) and embeds it through the queue. */
async function prepareSite(name: string, picked: { docs: BeirDoc[] }) {
  const [kept] = keepSite
    ? await rows<{ siteId: string; orgId: string }>(
        db,
        sql`SELECT s.id AS "siteId", s.org_id AS "orgId" FROM sites s JOIN organisations o ON o.id = s.org_id
            WHERE o.name = 'relevance-bench' AND s.name = ${name} AND EXISTS (SELECT 1 FROM chunks c WHERE c.site_id = s.id) LIMIT 1`,
      )
    : [];
  const org = kept ? { id: kept.orgId } : await parts.stores.accounts.createOrganisation({ name: "relevance-bench", plan: "enterprise" });
  const site = kept ? { id: kept.siteId } : await createSciFactSite(parts, org.id, name);
  const urlOf = (id: string) => `https://${name.toLowerCase()}.bench.example/doc/${encodeURIComponent(id)}`;
  const ingestStart = performance.now();
  let ingestErrors = 0;
  if (kept) log(`reusing the site kept by an earlier run (${kept.siteId}): no ingest`);
  for (let i = kept ? picked.docs.length : 0; i < picked.docs.length; i += 100) {
    const pages = picked.docs.slice(i, i + 100).map((d) => ({ url: urlOf(d.id), title: d.title, content: d.text.trim() || d.title }));
    const result = await parts.ingest.ingest.ingestBatch(pages, { orgId: org.id, siteId: site.id, source: "api" });
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
  const { embedded, embedS } = await drainQueue(counts!.pending);
  // Each saved vector leaves the chunk's old row version behind, and BM25 counts dead versions in its corpus statistics
  // until a vacuum: measured as autovacuum would leave the table, a cached run and an embedding run score alike.
  await vacuum();
  return { org, site, ingestS, chunks: counts!.chunks, embedded, embedS };
}

/** drain() step by step, to report progress and to save vectors now and then: a killed run keeps what it paid for. */
async function drainQueue(pending: number): Promise<{ embedded: number; embedS: number }> {
  let embedded = 0;
  if (!parts.ingest.embeddingQueue || pending === 0) return { embedded, embedS: 0 };
  const started = performance.now();
  let lastLog = started;
  let lastSave = started;
  for (let n = await parts.ingest.embeddingQueue.step(); n > 0; n = await parts.ingest.embeddingQueue.step()) {
    embedded += n;
    const now = performance.now();
    if (now - lastLog > 30_000) {
      const rate = embedded / ((now - started) / 1000);
      log(`embedded ${embedded}/${pending} (${rate.toFixed(1)}/s, ~${Math.round((pending - embedded) / rate / 60)} min left)`);
      lastLog = now;
    }
    if (cacheFile && now - lastSave > 300_000) {
      await saveEmbeddingCache(db, embedder!.model, cacheFile);
      lastSave = now;
    }
  }
  const embedS = (performance.now() - started) / 1000;
  log(`embedded ${embedded} chunks in ${embedS.toFixed(0)} s (${(embedded / embedS).toFixed(2)}/s on ${workers} worker(s))`);
  if (cacheFile) log(`embedding cache: saved ${await saveEmbeddingCache(db, embedder!.model, cacheFile)} vectors`);
  return { embedded, embedS };
}

/** Dead row versions out of the keyword statistics (pg_textsearch counts them until a vacuum), as autovacuum would. */
async function vacuum(): Promise<void> {
  await rows(db, sql`VACUUM ANALYZE chunks`);
  await rows(db, sql`VACUUM ANALYZE pages`);
}

const CURVE_PERCENTS = args["curve-percents"]!.split(",").filter(Boolean).map(Number);
const POLICIES = args["curve-policies"]!.split(",").filter(Boolean) as UnembeddedPolicy[];
/** The orders the curve can hand vectors back in: the queue's own (EMBEDDING_ORDER) and creation order (by id). */
const ORDERS: Record<string, SQL> = { queue: EMBEDDING_ORDER, creation: sql`c.id` };
const CURVE_ORDERS = args["curve-orders"]!.split(",").filter(Boolean);
for (const o of CURVE_ORDERS) if (!ORDERS[o]) throw new Error(`--curve-orders: ${o} is none of ${Object.keys(ORDERS).join(", ")}`);

/** Exactly the first `upTo` chunks of `order` count as embedded (their vectors never leave the column). */
async function embedUpTo(siteId: string, order: string[], upTo: number): Promise<void> {
  await rows(db, sql`UPDATE chunks SET embedding_model = NULL, embedded_at = NULL WHERE site_id = ${siteId}`);
  for (let i = 0; i < upTo; i += 500) {
    const ids = order.slice(i, Math.min(upTo, i + 500));
    await rows(db, sql`UPDATE chunks SET embedding_model = ${embedder!.model}, embedded_at = now() WHERE id = ANY(${sql.param(ids)}::text[])`);
  }
  // Every write of a chunk leaves a row version the keyword statistics count until a vacuum: each share is measured
  // as autovacuum would leave it, and lexical only in the same state as the hybrid beside it.
  await vacuum();
}

/**
 * The default hybrid while the site is being embedded: the site's chunks are taken back to "no vector" (their vectors
 * stay in the column, out of the model's index) and given back a share at a time, in each order asked for.
 */
async function embeddingCurve(siteId: string, data: BeirDataset): Promise<string[]> {
  const orders = new Map<string, string[]>();
  for (const name of CURVE_ORDERS) {
    const found = await rows<{ id: string }>(
      db,
      sql`SELECT c.id FROM chunks c WHERE c.site_id = ${siteId} AND c.embedding IS NOT NULL ORDER BY ${ORDERS[name]!}`,
    );
    orders.set(
      name,
      found.map((r) => r.id),
    );
  }
  // Each order's columns: lexical only in that order's state (the keyword statistics drift a little from state to
  // state even vacuumed), then the hybrid under each policy.
  const columns = CURVE_ORDERS.flatMap((o) => ["lexical only", ...POLICIES.map((p) => `hybrid "${p}"`)].map((c) => `${o} order: ${c}`));
  const lines = [`| embedded | ${columns.join(" | ")} |`, `|---:|${columns.map(() => "---:|").join("")}`];
  for (const percent of CURVE_PERCENTS) {
    const cells: number[] = [];
    for (const order of orders.values()) {
      // With no vector, or with one for every chunk, every order is the same state: measured once.
      if ((percent === 0 || percent === 100) && cells.length > 0) {
        cells.push(...cells.slice(0, POLICIES.length + 1));
        continue;
      }
      await embedUpTo(siteId, order, Math.round((order.length * percent) / 100));
      cells.push((await measure(siteId, data, data.queries, { name: "lexical", input: { only: "lexical", fusion: "rrf" } })).ndcg10);
      for (const policy of POLICIES) cells.push((await measure(siteId, data, data.queries, { name: policy, input: { unembedded: policy } })).ndcg10);
    }
    lines.push(`| ${percent} % | ${cells.map((c) => c.toFixed(3)).join(" | ")} |`);
    log(`curve ${percent} %: ${columns.map((c, i) => `${c} ${cells[i]!.toFixed(3)}`).join(", ")}`);
  }
  return lines;
}

const machine = {
  cpus: availableParallelism(),
  cpu: cpus()[0]?.model ?? "?",
  ramGb: Math.round(totalmem() / 2 ** 30),
  bun: Bun.version,
  engine: `${parts.database.kind}/${parts.lexical.engine}`,
  embedder: embedder
    ? `${embedder.model} (passages ${args.int8 ? "int8" : "fp32"}, queries ${args["query-precision"] ?? (args.int8 ? "int8" : config.embeddings.queryPrecision)})`
    : null,
};
console.log(
  `machine: ${machine.cpus} cpus (${machine.cpu}), ${machine.ramGb} GB RAM, bun ${machine.bun}, ${machine.engine}, embedder ${machine.embedder ?? "none"}`,
);
if (defaultHeadingWeight !== undefined) console.log(`title and heading words weigh ${defaultHeadingWeight}× body words unless the row names another weight`);

/** One collection end to end: ingest, embed, every mode, the bar; true when the bar holds or does not apply. */
async function runDataset(dataset: string): Promise<boolean> {
  const name = basename(dataset);
  const data = loadBeir(dataset, args.split);
  const picked = pickDocs(data, args.docs ? Number(args.docs) : null, Number(args.seed));
  log(`${name}: ingesting ${picked.docs.length} documents (${picked.judged} judged) into ${machine.engine}`);
  const prepared = await prepareSite(name, picked);
  const siteId = prepared.site.id;
  const typoed = typoQueries(data.queries, Number(args.seed));
  for (const mode of modes) for (const q of data.queries.slice(0, 10)) await measure(siteId, data, [q], mode);
  const results: Row[] = [];
  for (const mode of modes) {
    results.push(await measure(siteId, data, mode.typos ? typoed : data.queries, mode));
    log(`${name} ${mode.name}: nDCG@10 ${results.at(-1)!.ndcg10.toFixed(3)}, Recall@${LIMIT} ${results.at(-1)!.recall100.toFixed(3)}`);
  }
  const curve = args.curve && embedder ? await embeddingCurve(siteId, data) : [];
  const reference = referenceBm25(dataset);
  const full = picked.docs.length === data.docs.length && args.split === "test";
  const hybrid = results.find((r) => r.mode === DEFAULT_ROW);
  const bar = BARS[name.toLowerCase()];
  const passed = !full || !hybrid || bar === undefined || Number(hybrid.ndcg10.toFixed(3)) >= bar;

  console.log(
    `\n${name}: ${picked.docs.length} of ${data.docs.length} documents (${picked.judged} judged${args.docs ? `, distractors seed ${args.seed}` : ""}), ${prepared.chunks} chunks, ${data.queries.length} ${args.split} queries`,
  );
  console.log(
    `ingest: ${prepared.ingestS.toFixed(1)} s (${(picked.docs.length / prepared.ingestS).toFixed(0)} pages/s to keyword-searchable); embedding: ${prepared.embedded} chunks in ${prepared.embedS.toFixed(0)} s`,
  );
  console.log(`\n| mode | nDCG@10 | Recall@${LIMIT} | MRR@10 | p50 ms | p95 ms |\n|---|---:|---:|---:|---:|---:|`);
  for (const r of results)
    console.log(`| ${r.mode} | ${r.ndcg10.toFixed(3)} | ${r.recall100.toFixed(3)} | ${r.mrr10.toFixed(3)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
  if (reference) console.log(`\nreference (bm25_check.py, full corpus): ${reference}`);
  if (curve.length > 0) console.log(`\nnDCG@10 while the site is embedded:\n${curve.join("\n")}`);
  if (full && hybrid && bar !== undefined) console.log(`\nbar: ${DEFAULT_ROW} nDCG@10 ${hybrid.ndcg10.toFixed(3)} ≥ ${bar}: ${passed ? "held" : "MISSED"}`);

  const outDir = new URL("./results/", import.meta.url).pathname;
  mkdirSync(outDir, { recursive: true });
  const measured = { dataset: name, docs: picked.docs.length, corpusDocs: data.docs.length, split: args.split, queries: data.queries.length, ...prepared };
  writeFileSync(
    `${outDir}relevance-${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
    JSON.stringify({ machine, measured, results, curve, reference, bar, passed }, null, 2),
  );
  // Leave a shared server as it was: the site's pages and chunks go with it.
  if (!keepSite) {
    await parts.stores.sites.delete(prepared.org.id, siteId);
    await rows(db, sql`DELETE FROM organisations WHERE id = ${prepared.org.id}`);
    // The next collection's BM25 statistics are its own only once this one's deleted rows are vacuumed away.
    await vacuum();
  }
  return passed;
}

let allPassed = true;
for (const dataset of datasets) allPassed = (await runDataset(dataset)) && allPassed;
(embedder as { close?(): void } | null)?.close?.();
await services.close();
if (!allPassed) {
  console.error("a collection's default hybrid fell below its bar");
  process.exit(1);
}
