// WASM and ONNX engines side by side on the same passages in one run: passages/s through each engine's worker
// pool, warm query latency, agreement of their vectors, and the one-off cost of building the ONNX file.
// Then queries while passage batches run, with the passage workers at nice 0 (level with this thread) and at the
// default nice 10, taking turns: what a search pays while another tenant's pages are being embedded.
// The 8-bit query lane (EMBEDDER_QUERY_PRECISION=q8) has a row of its own beside the default fp32 one.
// Usage: bun bench/embed.ts [--passages 64] [--queries 50] [--int8]. Passages: SciFact abstracts (read, never copied).
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { MiniLmOnnxEmbedder } from "../server/adapters/embedder/minilm-onnx.ts";
import { MiniLmWasmEmbedder } from "../server/adapters/embedder/minilm-wasm.ts";
import type { Embedder } from "../server/ports/embedder.ts";
import { ensureMiniLmOnnxFile } from "../server/adapters/embedder/onnx/minilm-onnx-file.ts";
import { percentile } from "./ir-metrics.ts";

const { values: args } = parseArgs({
  options: {
    passages: { type: "string", default: "64" },
    queries: { type: "string", default: "50" },
    int8: { type: "boolean", default: false },
    corpus: { type: "string", default: new URL("../../shared/data/scifact/corpus.jsonl", import.meta.url).pathname },
  },
});
const cores = availableParallelism();
const lines = readFileSync(args.corpus!, "utf8").split("\n").filter(Boolean).slice(0, Number(args.passages));
const passages = lines.map((l) => {
  const doc = JSON.parse(l) as { title: string; text: string };
  return `${doc.title}\n${doc.text}`;
});
const queries = Array.from({ length: Number(args.queries) }, (_, i) => `how does white matter develop in newborn brains ${i}`);
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const round = (n: number, d = 1) => Number(n.toFixed(d));

console.log(
  `cores ${cores}, load average at start ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")} (the CPU is shared: absolute figures are pessimistic)`,
);
console.log(
  `${passages.length} passages (SciFact abstracts, mean ${Math.round(passages.reduce((s, p) => s + p.length, 0) / passages.length)} chars), ${queries.length} queries\n`,
);

const buildDir = mkdtempSync(join(tmpdir(), "bench-embed-"));
const build = ensureMiniLmOnnxFile(buildDir, "fp32");
console.log(`ONNX file built from the shipped fp16 weights: ${Math.round(build.ms)} ms (cold, into an empty folder)`);

interface Engine {
  name: string;
  embedder: Embedder & { close(): void };
  loadMs: number;
  passageMs: number;
  latencies: number[];
  vectors: number[][];
}

const engines: Engine[] = [
  {
    name: `wasm (${cores} workers)`,
    embedder: new MiniLmWasmEmbedder({ passageWorkers: cores, passageBatchSize: 4 }),
    loadMs: 0,
    passageMs: 0,
    latencies: [],
    vectors: [],
  },
  {
    name: `onnx fp32 (${cores} workers at nice 10)`,
    embedder: new MiniLmOnnxEmbedder({ cacheDir: buildDir, passageWorkers: cores, queryPrecision: "fp32", fallback: "none" }),
    loadMs: 0,
    passageMs: 0,
    latencies: [],
    vectors: [],
  },
];
const q8Queries: Engine = {
  name: `onnx fp32, q8 queries (${cores} workers at nice 10)`,
  embedder: new MiniLmOnnxEmbedder({ cacheDir: buildDir, passageWorkers: cores, queryPrecision: "q8", fallback: "none" }),
  loadMs: 0,
  passageMs: 0,
  latencies: [],
  vectors: [],
};
engines.push(q8Queries);
const levelWorkers: Engine = {
  name: `onnx fp32 (${cores} workers at nice 0)`,
  embedder: new MiniLmOnnxEmbedder({ cacheDir: buildDir, passageWorkers: cores, queryPrecision: "fp32", fallback: "none", workerNice: 0 }),
  loadMs: 0,
  passageMs: 0,
  latencies: [],
  vectors: [],
};
engines.push(levelWorkers);
if (args.int8)
  engines.push({
    name: `onnx int8 (${cores} workers)`,
    embedder: new MiniLmOnnxEmbedder({ cacheDir: buildDir, passageWorkers: cores, precision: "int8", fallback: "none" }),
    loadMs: 0,
    passageMs: 0,
    latencies: [],
    vectors: [],
  });

for (const e of engines) {
  const t = performance.now();
  await e.embedder.ready();
  // Start the workers (model load) before timing throughput.
  await e.embedder.embed({ texts: passages.slice(0, cores), kind: "passage" });
  e.loadMs = performance.now() - t;
}
// Engines take turns on the same slice of passages, round after round: on a shared machine whose load drifts,
// each engine sees the same conditions, so the ratios hold even when the absolute figures do not.
// Within a round, calls of 8 (the embedding queue's batch) are all in flight at once, as the pipelined queue keeps
// them: the workers never wait for the slowest text of one call before starting the next.
const ROUND = 32;
const CALL = 8;
for (let start = 0; start < passages.length; start += ROUND) {
  for (const e of engines) {
    const t = performance.now();
    const calls = [];
    for (let c = start; c < Math.min(passages.length, start + ROUND); c += CALL)
      calls.push(e.embedder.embed({ texts: passages.slice(c, c + CALL), kind: "passage" }));
    for (const done of await Promise.all(calls)) e.vectors.push(...done.vectors);
    e.passageMs += performance.now() - t;
  }
}
for (const q of queries) {
  for (const e of engines) {
    const t = performance.now();
    await e.embedder.embed({ texts: [q], kind: "query" });
    e.latencies.push(performance.now() - t);
  }
}
// Queries while a batch of passages runs on the workers: the ONNX engine with its workers at nice 0, then at nice 10.
const underLoad = new Map<Engine, number[]>([
  [levelWorkers, []],
  [engines[1]!, []],
  [q8Queries, []],
]);
for (let round = 0; round < 3; round++) {
  for (const [e, times] of underLoad) {
    let busy = true;
    const batch = e.embedder.embed({ texts: passages.slice(0, 16), kind: "passage" }).finally(() => (busy = false));
    await Bun.sleep(50);
    for (let i = 0; busy && i < 40; i++) {
      const t = performance.now();
      await e.embedder.embed({ texts: [`${queries[i % queries.length]} under load ${round}`], kind: "query" });
      times.push(performance.now() - t);
      await Bun.sleep(20);
    }
    await batch;
  }
}
// How far the 8-bit query lane moves query vectors from fp32 ones (passages are fp32 in both).
const exactQueries = (await engines[1]!.embedder.embed({ texts: queries, kind: "query" })).vectors;
const quickQueries = (await q8Queries.embedder.embed({ texts: queries, kind: "query" })).vectors;
const queryCosine = Math.min(...exactQueries.map((v, i) => dot(v, quickQueries[i]!)));
for (const e of engines) e.embedder.close();
rmSync(buildDir, { recursive: true, force: true });

interface Row {
  engine: string;
  loadMs: number;
  passagesPerSecond: number;
  queryP50: number;
  queryP95: number;
  vectors: number[][];
}
const rows: Row[] = engines.map((e) => ({
  engine: e.name,
  loadMs: e.loadMs,
  passagesPerSecond: passages.length / (e.passageMs / 1000),
  queryP50: percentile(e.latencies, 50),
  queryP95: percentile(e.latencies, 95),
  vectors: e.vectors,
}));

const [wasm] = rows;
console.log("\n| engine | load ms | passages/s | × WASM | query p50 ms | query p95 ms | min cosine to WASM |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) {
  const cosines = r.vectors.map((v, i) => dot(v, wasm!.vectors[i]!));
  console.log(
    `| ${r.engine} | ${Math.round(r.loadMs)} | ${round(r.passagesPerSecond)} | ${round(r.passagesPerSecond / wasm!.passagesPerSecond)} | ${round(r.queryP50)} | ${round(r.queryP95)} | ${Math.min(...cosines).toFixed(5)} |`,
  );
}
console.log(`\nq8 query vectors against fp32 ones: min cosine ${queryCosine.toFixed(5)} over ${queries.length} queries`);
console.log("\n| passage workers | queries measured during passage batches | query p50 ms | query p95 ms |");
console.log("|---|---|---|---|");
for (const [e, times] of underLoad) console.log(`| ${e.name} | ${times.length} | ${round(percentile(times, 50))} | ${round(percentile(times, 95))} |`);
console.log(
  `\nload average at end ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
