import { describe, expect, test } from "bun:test";
import { ConfigError } from "../../errors/app-error.ts";
import { createEmbedderFromConfig } from "./create-embedder.ts";
import { MiniLmWasmEmbedder } from "./minilm-wasm.ts";
import { OpenAiCompatibleEmbedder } from "./openai-compatible.ts";

describe("choosing the embedder", () => {
  describe("without EMBEDDINGS_URL", () => {
    test("uses the built-in MiniLM without loading it yet", () => {
      const embedder = createEmbedderFromConfig({ url: null, model: null, apiKey: null, dimensions: null });
      expect(embedder).toBeInstanceOf(MiniLmWasmEmbedder);
      expect(embedder.model).toBe("all-MiniLM-L6-v2");
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
