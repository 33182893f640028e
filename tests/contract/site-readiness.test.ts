// A site tells how far its index is built: GET /api/sites/{id} carries `indexing` (the share of chunks embedded and the
// time left), and site.ready is sent once when the vectors of a push or a crawl are all in.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { verifySignature } from "../../server/connectors/webhook-signature.ts";
import { serveCrawlSite } from "../fixtures/crawl-site-server.ts";
import { startCrawl } from "../fixtures/crawl-test-helpers.ts";

let ctx: TestContext;
const stops: Array<() => void> = [];
// The embedding queue's drain takes every pending chunk: a database of its own keeps other files' chunks out of it.
beforeAll(async () => {
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "" }, {}, { ownDatabase: true });
}, 90_000);
afterAll(async () => {
  for (const stop of stops) stop();
  await ctx.close();
});

function serveReceiver() {
  const events: any[] = [];
  let secret = "";
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const body = await request.text();
      if (verifySignature(secret, body, request.headers.get("x-site-search-signature"))) events.push(JSON.parse(body));
      return new Response("");
    },
  });
  stops.push(() => server.stop(true));
  return { url: `http://127.0.0.1:${server.port}/hooks`, events, setSecret: (s: string) => void (secret = s) };
}

/** Twelve pages whose words no other test uses, so no vector comes from the embedding cache. */
function pages(run: string, version = 1) {
  return Array.from({ length: 12 }, (_, i) => ({
    url: `https://docs.example.com/topic-${i}`,
    title: `Topic ${i} ${run}`,
    content: `Section ${i} of run ${run} (version ${version}) explains how the ${run} widget ${i} is configured, deployed and monitored in production.`,
  }));
}

async function setUp(baseUrl = "https://docs.example.com") {
  const org = await ctx.createOrg("pro");
  const site = await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl, crawlerConfig: { respectRobotsTxt: false } } });
  const receiver = serveReceiver();
  const hook = await ctx.request("POST", "/api/webhooks", { key: org.key, body: { url: receiver.url, events: ["site.ready"] } });
  receiver.setSecret(hook.body.secret);
  return { ...org, siteId: site.body.siteId as string, receiver };
}

const indexing = async (key: string, siteId: string) => (await ctx.request("GET", `/api/sites/${siteId}`, { key })).body;
const queue = () => ctx.parts.ingest.embeddingQueue!;

describe("a site's indexing", () => {
  test("reads indexing with the share embedded while chunks wait, an estimate once vectors flow, then ready", async () => {
    const { key, orgId, siteId, receiver } = await setUp();
    const run = `r${Math.random().toString(36).slice(2, 8)}`;
    expect((await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: pages(run) } })).body.processed).toBe(12);

    const waiting = await indexing(key, siteId);
    expect(waiting.status).toBe("ready");
    expect(waiting.indexing).toEqual({ state: "indexing", chunkCount: 12, embeddedChunkCount: 0, share: 0, secondsLeft: null });

    // One batch at a time until some of this site's chunks have vectors (on PostgreSQL other sites may take turns too).
    let flowing = waiting.indexing;
    for (let i = 0; i < 100 && flowing.embeddedChunkCount === 0; i++) {
      await queue().step();
      flowing = (await indexing(key, siteId)).indexing;
    }
    expect(flowing.state).toBe("indexing");
    expect(flowing.embeddedChunkCount).toBeGreaterThan(0);
    expect(flowing.share).toBeGreaterThan(0);
    expect(flowing.share).toBeLessThan(1);
    expect(flowing.secondsLeft).toBeGreaterThanOrEqual(1);
    await ctx.parts.webhooks.dispatcher.drainOnce(orgId);
    expect(receiver.events).toEqual([]);

    await queue().drain();
    expect((await indexing(key, siteId)).indexing).toEqual({ state: "ready", chunkCount: 12, embeddedChunkCount: 12, share: 1, secondsLeft: 0 });
    await ctx.parts.webhooks.dispatcher.drainOnce(orgId);
    expect(receiver.events.map((e) => [e.type, e.data])).toEqual([["site.ready", { siteId, chunkCount: 12 }]]);
  }, 60_000);

  test("site.ready is sent once per push that changed something, not for an unchanged one", async () => {
    const { key, orgId, siteId, receiver } = await setUp();
    const run = `r${Math.random().toString(36).slice(2, 8)}`;
    await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: pages(run) } });
    await queue().drain();
    await queue().drain();
    await ctx.parts.webhooks.dispatcher.drainOnce(orgId);
    expect(receiver.events).toHaveLength(1);

    const unchanged = await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: pages(run) } });
    expect(unchanged.body.skipped).toBe(12);
    await queue().drain();
    await ctx.parts.webhooks.dispatcher.drainOnce(orgId);
    expect(receiver.events).toHaveLength(1);

    await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages: pages(run, 2).slice(0, 1) } });
    expect((await indexing(key, siteId)).indexing.state).toBe("indexing");
    await queue().drain();
    await ctx.parts.webhooks.dispatcher.drainOnce(orgId);
    expect(receiver.events.map((e) => e.type)).toEqual(["site.ready", "site.ready"]);
  }, 60_000);

  test("while a crawl is pending or running site.ready waits, and is sent once when the crawl's vectors are in", async () => {
    const run = `r${Math.random().toString(36).slice(2, 8)}`;
    const served = serveCrawlSite({
      routes: {
        "/": `<html><head><title>Home ${run}</title></head><body><p>The ${run} home page links to its guide.</p><a href="/guide">Guide</a></body></html>`,
        "/guide": `<html><head><title>Guide ${run}</title></head><body><p>The ${run} guide explains installing and upgrading.</p></body></html>`,
      },
    });
    stops.push(served.stop);
    const { key, orgId, siteId, receiver } = await setUp(`${served.origin}/`);
    const jobId = await startCrawl(ctx, { key, siteId });
    // Pages pushed meanwhile are embedded at once, but the site is not ready until the crawl has run.
    await ctx.request("POST", `/api/sites/${siteId}/pages`, {
      key,
      body: { pages: [{ url: `${served.origin}/pushed`, title: `Pushed ${run}`, content: `Pushed ${run} notes.` }] },
    });
    await queue().drain();
    await ctx.parts.webhooks.dispatcher.drainOnce(orgId);
    expect(receiver.events).toEqual([]);

    await ctx.runCrawl(jobId);
    await queue().drain();
    for (let i = 0; i < 100 && receiver.events.length === 0; i++) {
      await ctx.parts.webhooks.dispatcher.drainOnce(orgId);
      await Bun.sleep(20);
    }
    const chunkCount = (await indexing(key, siteId)).indexing.chunkCount;
    expect(receiver.events.map((e) => [e.type, e.data])).toEqual([["site.ready", { siteId, chunkCount }]]);
  }, 60_000);
});
