// GET /health reports the embedder's real state: an embeddings API that is down makes the service degraded (503).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer } from "node:net";
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from "../fixtures/fake-embeddings-server.ts";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";

let api: FakeEmbeddingsServer;
let up: TestContext;
let down: TestContext;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  api = await startFakeEmbeddingsServer({ dimensions: 8 });
  const env = { EMBEDDINGS_MODEL: "fake-model", EMBEDDINGS_DIMENSIONS: "8" };
  up = await createTestContext({ ...env, HEALTH_DETAILS: "public", EMBEDDINGS_URL: api.url });
  down = await createTestContext({ ...env, EMBEDDINGS_URL: `http://127.0.0.1:${await closedPort()}` });
}, 60_000);

afterAll(async () => {
  await up?.close();
  await down?.close();
  await api.close();
});

describe("health of the embedder", () => {
  test("an embeddings API that answers is ok, and the probe reached it", async () => {
    const before = api.requests.length;
    const { status, body } = await up.request("GET", "/health");
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.checks.embeddings).toMatchObject({ ok: true, model: "fake-model", dimensions: 8 });
    // The backlog counts every site's chunks: on the suite's shared PostgreSQL database other tests' chunks wait too.
    expect(body.checks.embeddings.pendingChunks).toBeGreaterThanOrEqual(0);
    expect(api.requests.length).toBeGreaterThan(before);
  });

  test("an embeddings API on a closed port makes the service degraded, saying why", async () => {
    const { key } = await down.createOrg("free", "member");
    // The first request may answer before the probe (refused, then retried with backoff) has finished; it never waits long.
    const deadline = Date.now() + 15_000;
    let { status, body } = await down.request("GET", "/health", { key });
    while (status !== 503 && Date.now() < deadline) {
      await Bun.sleep(250);
      ({ status, body } = await down.request("GET", "/health", { key }));
    }
    expect(status).toBe(503);
    expect(body.status).toBe("degraded");
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.embeddings.ok).toBe(false);
    expect(body.checks.embeddings.detail).toContain("could not be reached");
  }, 20_000);

  test("a caller without a key still sees only the status", async () => {
    const { status, body } = await down.request("GET", "/health");
    expect(status).toBe(503);
    expect(body).toEqual({ status: "degraded" });
  }, 20_000);
});
