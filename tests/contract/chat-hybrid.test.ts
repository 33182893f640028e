import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { withFixtureVectors } from "../fixtures/fixture-vectors.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../fixtures/fake-anthropic-server.ts";
import { chatOrigin, createChatSite, embedSiteChunks } from "../fixtures/chat-site.ts";
import { MiniLmOnnxEmbedder } from "../../server/adapters/embedder/minilm-onnx.ts";
import type { Embedder } from "../../server/ports/embedder.ts";

// The real model, its vectors of these fixtures read from tests/fixtures/fixture-vectors.json where stored.
const embedder = withFixtureVectors(() => new MiniLmOnnxEmbedder({ passageWorkers: 0, fallback: "none" }));
let fake: FakeAnthropic;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: fake.url }, { embedder });
  await embedder.ready();
}, 60_000);
afterAll(async () => {
  await ctx.close();
  embedder.close();
  await fake.close();
});

const chat = (app: TestContext, siteId: string, query: string) =>
  app.request("POST", `/v1/public/sites/${siteId}/chat`, { body: { query }, headers: { origin: chatOrigin } });

/** Offline contexts for the degraded cases: no model, so the extractive answer shows what retrieval found. */
async function offlineContext(embedderOverride: Embedder | null) {
  return createTestContext({ ANTHROPIC_API_KEY: "" }, { embedder: embedderOverride });
}

describe("chat retrieval over hybrid search", () => {
  describe("with the embedder on", () => {
    test("a question sharing no word with the right page is answered from that page", async () => {
      const { siteId } = await createChatSite(ctx);
      // Chunks whose text was embedded before already took their vector from the cache at ingest.
      await embedSiteChunks(ctx, siteId, embedder);
      // The pricing page says "costs 20 euros per member"; the question uses none of its words.
      const question = "How expensive is a subscription?";
      const lexical = await ctx.parts.lexical.search({ siteIds: [siteId], query: question, limit: 10 });
      expect(lexical.hits).toEqual([]);

      fake.script({ text: "The team plan is 20 euros per member and month [1]." });
      const res = await chat(ctx, siteId, question);
      expect(res.status).toBe(200);
      expect(res.body.answered).toBe(true);
      expect(res.body.sources[0].url).toBe("https://docs.acme.test/pricing");
      const prompt = fake.requests.at(-1)!.body.messages.at(-1).content as string;
      expect(prompt).toMatch(/<source n="1" url="https:\/\/docs\.acme\.test\/pricing"/);
      expect(prompt).toContain("The team plan costs 20 euros per member per month");
    }, 60_000);
  });

  describe("keyword-only", () => {
    test("without an embedder, chat answers from keywords", async () => {
      const offline = await offlineContext(null);
      try {
        const { siteId } = await createChatSite(offline);
        const res = await chat(offline, siteId, "How do I install Acme on Windows?");
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ answered: true, mode: "extractive" });
        expect(res.body.sources[0].url).toBe("https://docs.acme.test/install");
      } finally {
        await offline.close();
      }
    }, 60_000);

    test("when the embedder fails, chat still answers from keywords", async () => {
      const failing: Embedder = {
        model: embedder.model,
        dimensions: embedder.dimensions,
        embed: async () => {
          throw new Error("model unavailable");
        },
        ready: async () => {},
      };
      const offline = await offlineContext(failing);
      try {
        const { siteId } = await createChatSite(offline);
        const res = await chat(offline, siteId, "How do I roll back a deployment?");
        expect(res.status).toBe(200);
        expect(res.body.answered).toBe(true);
        expect(res.body.sources[0].url).toBe("https://docs.acme.test/deploy");
        expect(res.body.answer).toContain("acme rollback");
      } finally {
        await offline.close();
      }
    }, 60_000);
  });
});
