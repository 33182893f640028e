// Picks the embedder from settings: an OpenAI-compatible API when EMBEDDINGS_URL is set, else the built-in
// MiniLM on ONNX Runtime (falling back to WASM where the native binding cannot load) or on WASM if asked.
import type { Embedder } from "../../ports/embedder.ts";
import { ConfigError } from "../../errors/config-error.ts";
import { MINILM_MODEL } from "./minilm-engine.ts";
import { MiniLmOnnxEmbedder, type MiniLmOnnxOptions } from "./minilm-onnx.ts";
import { MiniLmWasmEmbedder } from "./minilm-wasm.ts";
import { OpenAiCompatibleEmbedder } from "./openai-compatible.ts";

export interface EmbedderSettings {
  url?: string | null;
  model?: string | null;
  apiKey?: string | null;
  dimensions?: number | null;
  engine?: "auto" | "onnx" | "wasm";
  queryPrecision?: MiniLmOnnxOptions["queryPrecision"];
  cacheDir?: string;
}

/** Options of the built-in engines; each takes the ones it knows. */
export interface LocalEmbedderOptions {
  passageWorkers?: number;
  passageBatchSize?: number;
  queryWorker?: MiniLmOnnxOptions["queryWorker"];
  workerIdleMs?: number;
  precision?: MiniLmOnnxOptions["precision"];
  queryPrecision?: MiniLmOnnxOptions["queryPrecision"];
  onFallback?: MiniLmOnnxOptions["onFallback"];
}

export function createEmbedderFromConfig(cfg: EmbedderSettings, local: LocalEmbedderOptions = {}): Embedder {
  if (!cfg.url) {
    // The built-in model is fixed: a model name meant for an API would be silently ignored, so say so.
    if (cfg.model && cfg.model.toLowerCase() !== MINILM_MODEL.toLowerCase())
      throw new ConfigError(
        "EMBEDDINGS_MODEL names a model of an embeddings API; set EMBEDDINGS_URL too, or unset EMBEDDINGS_MODEL to use the built-in all-MiniLM-L6-v2.",
      );
    const engine = cfg.engine ?? "auto";
    if (engine === "wasm")
      return new MiniLmWasmEmbedder({ passageWorkers: local.passageWorkers, passageBatchSize: local.passageBatchSize, workerIdleMs: local.workerIdleMs });
    return new MiniLmOnnxEmbedder({
      ...local,
      queryPrecision: local.queryPrecision ?? cfg.queryPrecision,
      cacheDir: cfg.cacheDir,
      fallback: engine === "onnx" ? "none" : "wasm",
    });
  }
  if (!cfg.model) throw new ConfigError("EMBEDDINGS_URL is set, so EMBEDDINGS_MODEL must name the model to call (e.g. text-embedding-3-small).");
  return new OpenAiCompatibleEmbedder({ url: cfg.url, model: cfg.model, apiKey: cfg.apiKey, dimensions: cfg.dimensions });
}
