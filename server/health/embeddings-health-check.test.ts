// The embeddings health check against the real OpenAI-compatible adapter: a loopback API that answers, fails, or is gone.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer } from "node:net";
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from "../../tests/fixtures/fake-embeddings-server.ts";
import { OpenAiCompatibleEmbedder } from "../adapters/embedder/openai-compatible.ts";
import { embeddingsHealthCheck } from "./embeddings-health-check.ts";

let api: FakeEmbeddingsServer;
let closedPortUrl: string;

/** A loopback port that was open a moment ago and is closed now: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const embedderAt = (url: string) => new OpenAiCompatibleEmbedder({ url, model: "fake-model", maxRetries: 1, retryBaseMs: 10 });

beforeAll(async () => {
  api = await startFakeEmbeddingsServer({ dimensions: 8 });
  closedPortUrl = `http://127.0.0.1:${await closedPort()}`;
}, 60_000);

afterAll(async () => {
  await api.close();
});

describe("embeddings health check", () => {
  test("a reachable API is ok, with the model, the learned dimensions and the queue depth", async () => {
    const health = embeddingsHealthCheck({ embedder: embedderAt(api.url), pendingChunks: async () => 3 });
    const result = await health.check();
    expect(result).toMatchObject({ ok: true, model: "fake-model", dimensions: 8, pendingChunks: 3 });
    expect(result.detail).toBeUndefined();
  });

  test("an API nobody listens on is reported down, saying why", async () => {
    const health = embeddingsHealthCheck({ embedder: embedderAt(closedPortUrl), pendingChunks: async () => 0 });
    const result = await health.check();
    expect(result.ok).toBe(false);
    expect(result.detail).toContain("could not be reached");
  });

  test("an API answering errors is reported down", async () => {
    api.script({ status: 401, times: 1 });
    const health = embeddingsHealthCheck({ embedder: embedderAt(api.url), pendingChunks: async () => 0 });
    const result = await health.check();
    expect(result.ok).toBe(false);
    expect(result.detail).toContain("401");
  });

  test("a probe slower than the timeout counts as down", async () => {
    api.script({ delayMs: 1_000 });
    const health = embeddingsHealthCheck({ embedder: embedderAt(api.url), pendingChunks: async () => 0, timeoutMs: 100 });
    const started = performance.now();
    const result = await health.check();
    expect(performance.now() - started).toBeLessThan(900);
    expect(result).toMatchObject({ ok: false, detail: "the embedder did not answer within 100 ms" });
  });

  test("a health request does not wait long for a slow probe: the first says so, later ones see the verdict", async () => {
    api.script({ delayMs: 300, status: 401 });
    const health = embeddingsHealthCheck({ embedder: embedderAt(api.url), pendingChunks: async () => 0, waitMs: 50 });
    const started = performance.now();
    const first = await health.check();
    expect(performance.now() - started).toBeLessThan(250);
    expect(first).toMatchObject({ ok: true, detail: "not probed yet: the first probe is still running" });
    await Bun.sleep(400);
    const later = await health.check();
    expect(later.ok).toBe(false);
    expect(later.detail).toContain("401");
  });

  test("polls within the cache window share one probe; the next window probes again and sees the change", async () => {
    let clock = 0;
    const health = embeddingsHealthCheck({ embedder: embedderAt(api.url), pendingChunks: async () => 0, cacheMs: 5_000, now: () => clock });
    const before = api.requests.length;
    const first = await Promise.all([health.check(), health.check(), health.check()]);
    expect(first.map((r) => r.ok)).toEqual([true, true, true]);
    expect(api.requests.length - before).toBe(1);

    api.script({ status: 503, times: 5 });
    clock = 4_999;
    expect((await health.check()).ok).toBe(true);
    expect(api.requests.length - before).toBe(1);
    clock = 5_000;
    const later = await health.check();
    expect(later.ok).toBe(false);
    expect(later.detail).toContain("503");
  });

  test("with semantic search switched off there is nothing to probe, and that is not a fault", async () => {
    const health = embeddingsHealthCheck({ embedder: null, pendingChunks: async () => 0 });
    expect(await health.check()).toEqual({ ok: true, model: null, dimensions: null, pendingChunks: 0 });
  });
});
