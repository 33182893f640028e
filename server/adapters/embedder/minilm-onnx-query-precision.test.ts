import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../config.ts";
import type { Embedder } from "../../ports/embedder.ts";
import { createEmbedderFromConfig } from "./create-embedder.ts";
import { MiniLmOnnxEmbedder } from "./minilm-onnx.ts";
import { MiniLmWasmEmbedder } from "./minilm-wasm.ts";

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

const PASSAGES = [
  "Name-based virtual hosts let one IP address serve many host names; the server reads the Host header to choose.",
  "mod_rewrite rewrites requested URLs on the fly with RewriteRule and RewriteCond directives.",
  "The Listen directive tells the server which addresses and ports to accept requests on.",
  "Log files record every request; LogFormat and CustomLog choose the fields and the file.",
  "Caching with mod_cache keeps responses in memory or on disk so repeated requests are served faster.",
  "SSL/TLS encryption with mod_ssl needs a certificate, a private key and SSLEngine on.",
  "Naïve café résumé — 東京の天気 😀: can't, won't, e.g. U.S.A.; x+y=z",
];
const QUERIES = [
  "serve several domains from one address",
  "rewrite urls",
  "which port does apache listen on",
  "access log format",
  "make responses faster with a cache",
  "https certificate setup",
  "weather in tokyo",
];

let cacheDir: string;
let q8: MiniLmOnnxEmbedder;
let fp32: MiniLmOnnxEmbedder;
let wasm: MiniLmWasmEmbedder;
beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), "onnx-query-precision-test-"));
  q8 = new MiniLmOnnxEmbedder({ cacheDir, passageWorkers: 1, queryPrecision: "q8", fallback: "none" });
  fp32 = new MiniLmOnnxEmbedder({ cacheDir, passageWorkers: 0, queryPrecision: "fp32", fallback: "none" });
  wasm = new MiniLmWasmEmbedder({ passageWorkers: 0 });
  await Promise.all([q8.ready(), fp32.ready(), wasm.ready()]);
}, 120_000);
afterAll(() => {
  q8.close();
  fp32.close();
  wasm.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe("the ONNX embedder with an 8-bit query lane", () => {
  test("builds a model file of its own for the query lane beside the fp32 one", () => {
    const models = readdirSync(cacheDir).filter((f) => f.endsWith(".onnx"));
    expect(models.some((f) => f.includes(".fp32.")) && models.some((f) => f.includes(".q8."))).toBe(true);
  });

  test("stores the same passage vectors as the WASM engine (cosine ≥ 0.9999): existing indexes stay valid", async () => {
    const reference = (await wasm.embed({ texts: PASSAGES, kind: "passage" })).vectors;
    const stored = (await q8.embed({ texts: PASSAGES, kind: "passage" })).vectors;
    for (const [i, vector] of stored.entries()) expect(dot(vector, reference[i]!)).toBeGreaterThanOrEqual(0.9999);
  }, 60_000);

  test("embeds queries within cosine 0.999 of the fp32 graph, but not identically", async () => {
    const texts = [...QUERIES, ...PASSAGES];
    const exact = (await fp32.embed({ texts, kind: "query" })).vectors;
    const quick = (await q8.embed({ texts, kind: "query" })).vectors;
    const cosines = texts.map((_, i) => dot(exact[i]!, quick[i]!));
    for (const c of cosines) expect(c).toBeGreaterThanOrEqual(0.999);
    // The lane really runs the 8-bit graph: fp32 would give 1.00000.
    expect(Math.min(...cosines)).toBeLessThan(0.99999);
  }, 60_000);

  test("EMBEDDER_QUERY_PRECISION=q8 reaches the query lane of the embedder the service builds", async () => {
    const fromConfig = createEmbedderFromConfig(loadConfig({ EMBEDDER_QUERY_PRECISION: "q8", EMBEDDER_CACHE_DIR: cacheDir }).embeddings, {
      passageWorkers: 0,
    }) as Embedder & { close(): void };
    try {
      const [viaConfig] = (await fromConfig.embed({ texts: [QUERIES[0]!], kind: "query" })).vectors;
      const [exact] = (await fp32.embed({ texts: [QUERIES[0]!], kind: "query" })).vectors;
      const [quick] = (await q8.embed({ texts: [QUERIES[0]!], kind: "query" })).vectors;
      expect(dot(viaConfig!, quick!)).toBeGreaterThan(0.99999);
      expect(dot(viaConfig!, exact!)).toBeLessThan(0.99999);
    } finally {
      fromConfig.close();
    }
  }, 60_000);

  test("ranks the passages for each query in the same order as fp32 queries do", async () => {
    const passages = (await fp32.embed({ texts: PASSAGES, kind: "passage" })).vectors;
    const order = (v: number[]) => passages.map((p, i) => ({ i, s: dot(v, p) })).sort((a, b) => b.s - a.s)[0]!.i;
    const exact = (await fp32.embed({ texts: QUERIES, kind: "query" })).vectors;
    const quick = (await q8.embed({ texts: QUERIES, kind: "query" })).vectors;
    QUERIES.forEach((_, i) => {
      expect(order(exact[i]!)).toBe(i);
      expect(order(quick[i]!)).toBe(i);
    });
  }, 60_000);
});
