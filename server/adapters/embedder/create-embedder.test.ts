import { describe, expect, test } from "bun:test";
import { ConfigError } from "../../errors/config-error.ts";
import { createEmbedderFromConfig } from "./create-embedder.ts";
import { loadConfig } from "../../config.ts";
import { MiniLmOnnxEmbedder } from "./minilm-onnx.ts";
import { MiniLmWasmEmbedder } from "./minilm-wasm.ts";
import { OpenAiCompatibleEmbedder } from "./openai-compatible.ts";

describe("choosing the embedder", () => {
  describe("without EMBEDDINGS_URL", () => {
    test("uses the built-in MiniLM on ONNX Runtime by default, without loading it yet", () => {
      const embedder = createEmbedderFromConfig({ url: null, model: null, apiKey: null, dimensions: null });
      expect(embedder).toBeInstanceOf(MiniLmOnnxEmbedder);
      expect(embedder.model).toBe("all-MiniLM-L6-v2");
    });

    test("EMBEDDER_ENGINE=wasm chooses the WASM engine", () => {
      const env = { EMBEDDER_ENGINE: "wasm", DATA_DIR: "memory://" };
      expect(createEmbedderFromConfig(loadConfig(env).embeddings)).toBeInstanceOf(MiniLmWasmEmbedder);
    });

    test("EMBEDDER_ENGINE is checked, and the model cache sits beside the database", () => {
      expect(() => loadConfig({ EMBEDDER_ENGINE: "gpu" })).toThrow(ConfigError);
      expect(loadConfig({ DATA_DIR: "/srv/search" }).embeddings.cacheDir).toBe("/srv/search/models");
      expect(loadConfig({ DATA_DIR: "/srv/search", EMBEDDER_CACHE_DIR: "/cache" }).embeddings.cacheDir).toBe("/cache");
      expect(loadConfig({}).embeddings.engine).toBe("auto");
    });

    test("EMBEDDER_QUERY_PRECISION is fp32 unless set to q8, and anything else is refused naming the setting", () => {
      expect(loadConfig({}).embeddings.queryPrecision).toBe("fp32");
      expect(loadConfig({ EMBEDDER_QUERY_PRECISION: "q8" }).embeddings.queryPrecision).toBe("q8");
      expect(() => loadConfig({ EMBEDDER_QUERY_PRECISION: "int4" })).toThrow(/EMBEDDER_QUERY_PRECISION/);
    });

    test("refuses an API model name that would be ignored", () => {
      expect(() => createEmbedderFromConfig({ model: "text-embedding-3-small" })).toThrow(ConfigError);
    });
  });

  describe("with EMBEDDINGS_URL", () => {
    test("uses the OpenAI-compatible API with the configured model and dimensions", () => {
      const embedder = createEmbedderFromConfig({ url: "http://localhost:8080", model: "bge-small", dimensions: 384 });
      expect(embedder).toBeInstanceOf(OpenAiCompatibleEmbedder);
      expect(embedder.model).toBe("bge-small");
      expect(embedder.dimensions).toBe(384);
    });

    test("asks for EMBEDDINGS_MODEL when it is missing", () => {
      expect(() => createEmbedderFromConfig({ url: "http://localhost:8080" })).toThrow(/EMBEDDINGS_MODEL/);
    });
  });
});
