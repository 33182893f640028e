import { afterEach, describe, expect, test } from "bun:test";
import {
  fakeVector,
  startFakeEmbeddingsServer,
  type FakeEmbeddingsOptions,
  type FakeEmbeddingsServer,
} from "../../../tests/fixtures/fake-embeddings-server.ts";
import { EmbeddingUnavailableError } from "./embedding-unavailable-error.ts";
import { OpenAiCompatibleEmbedder, embeddingsEndpoint, type OpenAiCompatibleOptions } from "./openai-compatible.ts";
import { unitVector } from "./unit-vector.ts";

let server: FakeEmbeddingsServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function setup(serverOptions: FakeEmbeddingsOptions = {}, options: Partial<OpenAiCompatibleOptions> = {}) {
  server = await startFakeEmbeddingsServer(serverOptions);
  const embedder = new OpenAiCompatibleEmbedder({ url: server.url, model: "fake-embed", retryBaseMs: 10, ...options });
  return { server, embedder };
}

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
};

describe("OpenAI-compatible embedder", () => {
  describe("a healthy API", () => {
    test("sends the model and inputs and returns the API's vectors at unit length", async () => {
      const { server, embedder } = await setup({ dimensions: 6 });
      const out = await embedder.embed({ texts: ["alpha", "beta"], kind: "passage" });
      expect(server.requests[0]!.body).toEqual({ model: "fake-embed", input: ["alpha", "beta"] });
      expect(out.vectors).toEqual([unitVector(fakeVector("alpha", 6)), unitVector(fakeVector("beta", 6))]);
      for (const v of out.vectors) expect(Math.abs(Math.hypot(...v) - 1)).toBeLessThan(1e-9);
      expect(out.tokens).toBe(3);
    });

    test("splits many inputs into batches and keeps their order", async () => {
      const { server, embedder } = await setup({ maxInputs: 2 }, { batchSize: 2 });
      const texts = ["a", "b", "c", "d", "e"];
      const out = await embedder.embed({ texts, kind: "passage" });
      expect(server.requests.map((r) => r.body?.input)).toEqual([["a", "b"], ["c", "d"], ["e"]]);
      expect(out.vectors).toEqual(texts.map((t) => unitVector(fakeVector(t))));
      expect(out.tokens).toBe(5);
    });

    test("orders vectors by index when the API lists them out of order", async () => {
      const { embedder } = await setup({ reverseOrder: true });
      const out = await embedder.embed({ texts: ["one", "two", "three"], kind: "query" });
      expect(out.vectors).toEqual(["one", "two", "three"].map((t) => unitVector(fakeVector(t))));
    });

    test("sends the key as a bearer token", async () => {
      const { server, embedder } = await setup({ apiKey: "sk-test" }, { apiKey: "sk-test" });
      await embedder.embed({ texts: ["x"], kind: "query" });
      expect(server.requests[0]!.headers.authorization).toBe("Bearer sk-test");
    });

    test("sends no authorization header without a key", async () => {
      const { server, embedder } = await setup();
      await embedder.embed({ texts: ["x"], kind: "query" });
      expect(server.requests[0]!.headers.authorization).toBeUndefined();
    });

    test("puts the configured prefixes before queries and passages", async () => {
      const { server, embedder } = await setup({}, { queryPrefix: "query: ", passagePrefix: "passage: " });
      await embedder.embed({ texts: ["q"], kind: "query" });
      await embedder.embed({ texts: ["p"], kind: "passage" });
      expect(server.requests.map((r) => r.body?.input)).toEqual([["query: q"], ["passage: p"]]);
    });

    test("learns the dimensions from the first answer", async () => {
      const { embedder } = await setup({ dimensions: 12 });
      expect(embedder.dimensions).toBe(0);
      await embedder.ready();
      expect(embedder.dimensions).toBe(12);
    });
  });

  describe("the base URL", () => {
    test("accepts it with or without /v1 and a trailing slash", () => {
      for (const url of ["http://h:1", "http://h:1/", "http://h:1/v1", "http://h:1/v1/", "http://h:1/v1/embeddings"]) {
        expect(embeddingsEndpoint(url)).toBe("http://h:1/v1/embeddings");
      }
      expect(embeddingsEndpoint("https://gw.example/openai/v1")).toBe("https://gw.example/openai/v1/embeddings");
    });

    test("reaches the API when given with /v1", async () => {
      server = await startFakeEmbeddingsServer();
      const embedder = new OpenAiCompatibleEmbedder({ url: `${server.url}/v1/`, model: "m" });
      expect((await embedder.embed({ texts: ["x"], kind: "query" })).vectors).toHaveLength(1);
    });
  });

  describe("a struggling API", () => {
    test("waits as long as Retry-After says after a 429, then succeeds", async () => {
      const { server, embedder } = await setup({}, { retryBaseMs: 5 });
      server.script({ status: 429, retryAfter: 1 });
      const started = performance.now();
      const out = await embedder.embed({ texts: ["x"], kind: "query" });
      expect(performance.now() - started).toBeGreaterThanOrEqual(950);
      expect(out.vectors).toHaveLength(1);
      expect(server.requests).toHaveLength(2);
    });

    test("retries server errors and dropped connections with backoff", async () => {
      const { server, embedder } = await setup();
      server.script({ status: 500 }, { hangUp: true }, { status: 503 });
      expect((await embedder.embed({ texts: ["x"], kind: "query" })).vectors).toHaveLength(1);
      expect(server.requests).toHaveLength(4);
    });

    test("gives up after the last retry with the upstream status", async () => {
      const { server, embedder } = await setup({}, { maxRetries: 2 });
      server.script({ status: 503, times: 3 });
      const error = await failureOf(embedder.embed({ texts: ["x"], kind: "query" }));
      expect(error).toBeInstanceOf(EmbeddingUnavailableError);
      expect(error).toMatchObject({ reason: "upstream-error", upstreamStatus: 503, status: 503, code: "UPSTREAM_UNAVAILABLE" });
      expect(server.requests).toHaveLength(3);
    });

    test("does not retry a refused key, and says what to check", async () => {
      const { server, embedder } = await setup({ apiKey: "right" }, { apiKey: "wrong" });
      const error = await failureOf(embedder.embed({ texts: ["x"], kind: "query" }));
      expect(error).toMatchObject({ reason: "upstream-error", upstreamStatus: 401 });
      expect((error as Error).message).toContain("Incorrect API key provided.");
      expect((error as Error).message).toContain("EMBEDDINGS_API_KEY");
      expect(server.requests).toHaveLength(1);
    });

    test("reports a network failure when nothing answers", async () => {
      const embedder = new OpenAiCompatibleEmbedder({ url: "http://127.0.0.1:9", model: "m", maxRetries: 1, retryBaseMs: 1 });
      const error = await failureOf(embedder.embed({ texts: ["x"], kind: "query" }));
      expect(error).toMatchObject({ reason: "network", upstreamStatus: null });
    });

    test("reports a timeout when the API is too slow", async () => {
      const { server, embedder } = await setup({}, { timeoutMs: 100, maxRetries: 0 });
      server.script({ delayMs: 1000 });
      const error = await failureOf(embedder.embed({ texts: ["x"], kind: "query" }));
      expect(error).toMatchObject({ reason: "timeout" });
    });

    test("reports an answer it cannot read", async () => {
      const { server, embedder } = await setup();
      server.script({ rawBody: '{"data": [{"index": 0, "embedding": "AAAA"}]}' });
      const error = await failureOf(embedder.embed({ texts: ["x"], kind: "query" }));
      expect(error).toMatchObject({ reason: "upstream-error" });
      expect((error as Error).message).toContain("not an array of numbers");
    });

    test("refuses vectors whose length differs from the configured dimensions", async () => {
      const { embedder } = await setup({ dimensions: 8 }, { dimensions: 16 });
      const error = await failureOf(embedder.embed({ texts: ["x"], kind: "query" }));
      expect((error as Error).message).toContain("EMBEDDINGS_DIMENSIONS");
    });
  });

  describe("abort", () => {
    test("stops a request in flight with the caller's reason", async () => {
      const { server, embedder } = await setup();
      server.script({ delayMs: 2000 });
      const controller = new AbortController();
      const pending = embedder.embed({ texts: ["x"], kind: "query", signal: controller.signal });
      setTimeout(() => controller.abort(new Error("visitor left")), 50);
      const error = await failureOf(pending);
      expect(error).not.toBeInstanceOf(EmbeddingUnavailableError);
      expect((error as Error).message).toBe("visitor left");
    });

    test("stops waiting for a retry", async () => {
      const { server, embedder } = await setup();
      server.script({ status: 429, retryAfter: 30 });
      const controller = new AbortController();
      const started = performance.now();
      const pending = embedder.embed({ texts: ["x"], kind: "query", signal: controller.signal });
      setTimeout(() => controller.abort(new Error("shutting down")), 100);
      expect(((await failureOf(pending)) as Error).message).toBe("shutting down");
      expect(performance.now() - started).toBeLessThan(2000);
    });
  });
});
