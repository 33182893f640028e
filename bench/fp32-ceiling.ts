// What this machine's CPU allows the fp32 MiniLM engine, to judge the embedding speed targets against the hardware rather
// than the code: one thread's fp32 MatMul rate on MiniLM's own layer shapes (and a large square one), then the ONNX
// engine on one thread over SciFact abstracts, with the MatMul FLOPs it did per second. Passages/s on N cores cannot
// exceed N × the one-thread figure; the query lane's pass cannot be shorter than its FLOPs at the MatMul rate.
// Usage: bun bench/fp32-ceiling.ts [--passages 64]
import * as ort from "onnxruntime-node";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DataType, OnnxGraph } from "../server/adapters/embedder/onnx/onnx-graph.ts";
import { ensureMiniLmOnnxFile, MINILM_MAX_TOKENS, MINILM_TOKENIZER_PATH } from "../server/adapters/embedder/onnx/minilm-onnx-file.ts";
import { loadOnnxEngine } from "../server/adapters/embedder/onnx/minilm-onnx-engine.ts";
import { loadWordPieceTokenizer } from "../server/adapters/embedder/onnx/wordpiece-tokenizer.ts";
import { percentile } from "./ir-metrics.ts";

const { values: args } = parseArgs({
  options: {
    passages: { type: "string", default: "64" },
    corpus: { type: "string", default: new URL("../../shared/data/scifact/corpus.jsonl", import.meta.url).pathname },
  },
});
const dir = mkdtempSync(join(tmpdir(), "fp32-ceiling-"));
const HIDDEN = 384;
const INNER = 1536;
const LAYERS = 6;

/** ms per run of one [m, k] × [k, n] MatMul on one thread. */
async function matmulMs(m: number, k: number, n: number): Promise<number> {
  const g = new OnnxGraph();
  g.io("input", "x", DataType.FLOAT, [m, k]);
  const weight = Float32Array.from({ length: k * n }, () => Math.random() - 0.5);
  g.io("output", g.node("MatMul", ["x", g.floats("w", [k, n], weight)]), DataType.FLOAT, [m, n]);
  const file = join(dir, `matmul-${m}-${k}-${n}.onnx`);
  writeFileSync(file, g.encode("matmul"));
  const session = await ort.InferenceSession.create(file, { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: "all" });
  const x = new ort.Tensor("float32", Float32Array.from({ length: m * k }, Math.random), [m, k]);
  const reps = Math.max(20, Math.round(2e10 / (2 * m * k * n)));
  for (let i = 0; i < 10; i++) await session.run({ x });
  const started = performance.now();
  for (let i = 0; i < reps; i++) await session.run({ x });
  return (performance.now() - started) / reps;
}

/** MatMul FLOPs of one MiniLM pass over a text of `tokens` tokens: projections, feed-forward and attention. */
const passFlops = (tokens: number) => LAYERS * 2 * tokens * (4 * HIDDEN * HIDDEN + 2 * HIDDEN * INNER + 2 * tokens * HIDDEN);

console.log(`cores ${availableParallelism()}; one thread unless stated`);
for (const [m, k, n] of [
  [256, HIDDEN, INNER],
  [256, INNER, HIDDEN],
  [12, HIDDEN, INNER],
  [1024, 1024, 1024],
] as const) {
  const ms = await matmulMs(m, k, n);
  console.log(`MatMul ${m}×${k}×${n}: ${ms.toFixed(3)} ms, ${((2 * m * k * n) / ms / 1e6).toFixed(1)} GFLOP/s`);
}

const passages = readFileSync(args.corpus!, "utf8")
  .split("\n")
  .filter(Boolean)
  .slice(0, Number(args.passages))
  .map((line) => {
    const doc = JSON.parse(line) as { title: string; text: string };
    return `${doc.title}\n${doc.text}`;
  });
const tokenizer = loadWordPieceTokenizer(MINILM_TOKENIZER_PATH);
const lengths = passages.map((p) => tokenizer.encode(p, MINILM_MAX_TOKENS).length);
const engine = await loadOnnxEngine({ modelPath: ensureMiniLmOnnxFile(dir, "fp32").path, threads: 1, batchSize: 8 });
await engine.embed(passages.slice(0, 8));
const started = performance.now();
await engine.embed(passages);
const seconds = (performance.now() - started) / 1000;
const flops = lengths.reduce((sum, n) => sum + passFlops(n), 0);
const meanTokens = lengths.reduce((a, b) => a + b, 0) / lengths.length;
console.log(
  `MiniLM fp32 engine: ${(passages.length / seconds).toFixed(1)} passages/s of ${Math.round(meanTokens)} tokens (mean), ${(flops / seconds / 1e9).toFixed(1)} GFLOP/s of MatMul; ` +
    `${availableParallelism()} cores at this rate: ≤ ${((availableParallelism() * passages.length) / seconds).toFixed(1)} passages/s`,
);
// A visitor's usual few words, and bench:embed's longer query (the 3 ms query target is set on a 13-token one).
for (const query of ["virtual hosts", "rewrite http to https", "how does white matter develop in newborn brains"]) {
  const tokens = tokenizer.encode(`${query} 1`, MINILM_MAX_TOKENS).length;
  const times: number[] = [];
  for (let i = 0; i < 120; i++) {
    const t = performance.now();
    await engine.embed([`${query} ${i}`]);
    if (i >= 20) times.push(performance.now() - t);
  }
  console.log(
    `query "${query} N" (${tokens} tokens): p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms; its ${(passFlops(tokens) / 1e6).toFixed(0)} MFLOP of MatMul ` +
      `need ${(passFlops(tokens) / (flops / seconds) / 1e-3).toFixed(2)} ms at the passages' rate`,
  );
}
rmSync(dir, { recursive: true, force: true });
