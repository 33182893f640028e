import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MiniLmOnnxEmbedder } from "./minilm-onnx.ts";
import { MiniLmWasmEmbedder } from "./minilm-wasm.ts";

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const words = "the crawler fetches each page extracts its readable text and splits it into chunks for search".split(" ");
const passage = (n: number) => Array.from({ length: n }, (_, k) => words[(k * 5 + n) % words.length]).join(" ");

// Different lengths (a few tokens; ~40; ~150; past the 256-token cut), accents, CJK, emoji, controls, punctuation.
const PASSAGES = [
  "hello",
  "How do I configure name-based virtual hosts in Apache 2.4?",
  passage(38),
  "Naïve café résumé — Ünïcödé ÀÉÎ straße, 東京の天気 and 😀: can't, won't, e.g. U.S.A.; x+y=z\u0000\u200b\ttab",
  passage(150),
  passage(400),
  "supercalifragilisticexpialidocious antidisestablishmentarianism pneumonoultramicroscopicsilicovolcanoconiosis",
];

let cacheDir: string;
let onnx: MiniLmOnnxEmbedder;
let wasm: MiniLmWasmEmbedder;
beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), "onnx-embedder-test-"));
  onnx = new MiniLmOnnxEmbedder({ cacheDir, passageWorkers: 2, fallback: "none" });
  wasm = new MiniLmWasmEmbedder({ passageWorkers: 0 });
  await Promise.all([onnx.ready(), wasm.ready()]);
}, 120_000);
afterAll(() => {
  onnx.close();
  wasm.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe("MiniLM ONNX embedder", () => {
  test("loads the native engine, names the same model as the WASM engine", async () => {
    expect(await onnx.engine()).toBe("onnx");
    expect(onnx.model).toBe(wasm.model);
    expect(onnx.dimensions).toBe(384);
  });

  test("gives the WASM engine's vectors (cosine ≥ 0.9999) for passages of every length, on both lanes", async () => {
    const reference = (await wasm.embed({ texts: PASSAGES, kind: "query" })).vectors;
    const passages = (await onnx.embed({ texts: PASSAGES, kind: "passage" })).vectors;
    const queries = (await onnx.embed({ texts: PASSAGES, kind: "query" })).vectors;
    PASSAGES.forEach((_, i) => {
      expect(dot(passages[i]!, reference[i]!)).toBeGreaterThanOrEqual(0.9999);
      expect(dot(queries[i]!, reference[i]!)).toBeGreaterThanOrEqual(0.9999);
    });
  }, 60_000);

  test("cuts at 256 tokens as the WASM engine does: text past the cut changes nothing", async () => {
    const { vectors } = await onnx.embed({ texts: [passage(400), `${passage(400)} completely different words about the weather`], kind: "query" });
    expect(dot(vectors[0]!, vectors[1]!)).toBeGreaterThan(0.99999);
    const short = (await onnx.embed({ texts: [passage(40), `${passage(40)} completely different words about the weather`], kind: "query" })).vectors;
    expect(dot(short[0]!, short[1]!)).toBeLessThan(0.99);
  }, 30_000);

  test("padding in a batch does not change a vector: batched equals one at a time, in input order", async () => {
    const batched = (await onnx.embed({ texts: PASSAGES, kind: "query" })).vectors;
    for (let i = 0; i < PASSAGES.length; i++) {
      const [alone] = (await onnx.embed({ texts: [PASSAGES[i]!], kind: "query" })).vectors;
      expect(dot(alone!, batched[i]!)).toBeGreaterThan(0.99999);
    }
  }, 60_000);

  test("returns unit vectors, and nothing for no texts", async () => {
    const { vectors } = await onnx.embed({ texts: [passage(20), "x"], kind: "passage" });
    for (const v of vectors) expect(Math.abs(Math.sqrt(dot(v, v)) - 1)).toBeLessThan(1e-5);
    expect((await onnx.embed({ texts: [], kind: "passage" })).vectors).toEqual([]);
  }, 30_000);

  test("an aborted call is refused", async () => {
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    await expect(onnx.embed({ texts: ["a"], kind: "passage", signal: controller.signal })).rejects.toThrow("gone");
  });
});

describe("the ONNX model file", () => {
  test("is built once into the cache folder and reused while its hash matches", async () => {
    const { ensureMiniLmOnnxFile } = await import("./onnx/minilm-onnx-file.ts");
    const first = ensureMiniLmOnnxFile(cacheDir, "fp32");
    expect(first.built).toBe(false); // ready() built it
    const again = ensureMiniLmOnnxFile(cacheDir, "fp32");
    expect(again.path).toBe(first.path);
    expect(again.built).toBe(false);
  });

  test("a damaged file fails its hash and is rebuilt, in seconds", async () => {
    const { ensureMiniLmOnnxFile } = await import("./onnx/minilm-onnx-file.ts");
    const dir = mkdtempSync(join(tmpdir(), "onnx-file-test-"));
    try {
      const built = ensureMiniLmOnnxFile(dir, "fp32");
      expect(built.built).toBe(true);
      // The whole build (read fp16 weights, up-cast, write protobuf) is what a first start pays.
      console.log(`ONNX file built from the shipped weights in ${Math.round(built.ms)} ms`);
      expect(built.ms).toBeLessThan(20_000);
      writeFileSync(built.path, "truncated");
      const rebuilt = ensureMiniLmOnnxFile(dir, "fp32");
      expect(rebuilt.built).toBe(true);
      const fresh = new MiniLmOnnxEmbedder({ cacheDir: dir, passageWorkers: 0, fallback: "none" });
      const [v] = (await fresh.embed({ texts: [PASSAGES[1]!], kind: "query" })).vectors;
      const [w] = (await wasm.embed({ texts: [PASSAGES[1]!], kind: "query" })).vectors;
      expect(dot(v!, w!)).toBeGreaterThanOrEqual(0.9999);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("when the native engine cannot load", () => {
  // A cache folder that cannot exist (under a file) fails the ONNX load the way a missing binding does.
  const blocked = () => {
    const file = join(mkdtempSync(join(tmpdir(), "onnx-blocked-")), "a-file");
    writeFileSync(file, "");
    return join(file, "models");
  };

  test("falls back to the WASM engine, says so once, and still embeds the same vectors", async () => {
    const reasons: unknown[] = [];
    const embedder = new MiniLmOnnxEmbedder({ cacheDir: blocked(), passageWorkers: 0, onFallback: (e) => reasons.push(e) });
    const [v] = (await embedder.embed({ texts: [PASSAGES[2]!], kind: "query" })).vectors;
    const [w] = (await wasm.embed({ texts: [PASSAGES[2]!], kind: "query" })).vectors;
    expect(await embedder.engine()).toBe("wasm");
    expect(reasons).toHaveLength(1);
    expect(dot(v!, w!)).toBeGreaterThanOrEqual(0.9999);
    embedder.close();
  }, 60_000);

  test("EMBEDDER_ENGINE=onnx (no fallback) fails instead", async () => {
    const embedder = new MiniLmOnnxEmbedder({ cacheDir: blocked(), passageWorkers: 0, fallback: "none" });
    await expect(embedder.ready()).rejects.toThrow();
  }, 30_000);
});
