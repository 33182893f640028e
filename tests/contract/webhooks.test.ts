import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { TestContext } from "../fixtures/test-app.ts";
import { createTestContext } from "../fixtures/test-app.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { crawlOnce, crawlTestContext, newCrawlSite } from "../fixtures/crawl-test-helpers.ts";
import { verifySignature } from "../../server/connectors/webhook-signature.ts";

interface Received {
  body: string;
  event: any;
  signatureValid: boolean;
  at: number;
}

/** A webhook receiver on loopback that checks every signature the way docs/webhooks.md tells receivers to. */
function serveReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  let secret = "";
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const body = await request.text();
      received.push({
        body,
        event: JSON.parse(body),
        signatureValid: verifySignature(secret, body, request.headers.get("x-site-search-signature")),
        at: Date.now(),
      });
      return new Response("", { status: statuses.shift() ?? 200 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hooks`,
    received,
    setSecret: (s: string) => void (secret = s),
    stop: () => void server.stop(true),
  };
}

let ctx: TestContext;
const stops: Array<() => void> = [];

beforeAll(async () => {
  ctx = await crawlTestContext({ WEBHOOK_RETRY_BASE_SECONDS: "0.3" });
}, 90_000);
afterAll(async () => {
  for (const stop of stops) stop();
  await ctx.close();
});

async function subscribe(key: string, receiver: ReturnType<typeof serveReceiver>, events: string[]) {
  const res = await ctx.request("POST", "/api/webhooks", { key, body: { url: receiver.url, events } });
  expect(res.status).toBe(200);
  receiver.setSecret(res.body.secret);
  return res.body as { id: string; secret: string };
}

const deliveries = async (key: string, id: string) => (await ctx.request("GET", `/api/webhooks/${id}/deliveries`, { key })).body.deliveries;

describe("webhooks", () => {
  describe("subscribing", () => {
    test("answers an id and a secret that the list never shows again", async () => {
      const org = await ctx.createOrg();
      const receiver = serveReceiver();
      stops.push(receiver.stop);
      const hook = await subscribe(org.key, receiver, ["crawl.completed", "crawl.failed"]);
      expect(hook.id).toStartWith("whk_");
      expect(hook.secret).toStartWith("whsec_");
      const list = await ctx.request("GET", "/api/webhooks", { key: org.key });
      expect(list.status).toBe(200);
      expect(list.body.webhooks).toEqual([{ id: hook.id, url: receiver.url, events: ["crawl.completed", "crawl.failed"], createdAt: expect.any(Number) }]);
      expect(JSON.stringify(list.body)).not.toContain(hook.secret);
    });

    test("refuses an unknown event type with a 400", async () => {
      const org = await ctx.createOrg();
      const res = await ctx.request("POST", "/api/webhooks", { key: org.key, body: { url: "http://127.0.0.1:9/x", events: ["crawl.exploded"] } });
      expect(res.status).toBe(400);
      expect((await ctx.request("GET", "/api/webhooks", { key: org.key })).body.webhooks).toEqual([]);
    });

    test("hides another organisation's webhook behind a 404", async () => {
      const owner = await ctx.createOrg();
      const other = await ctx.createOrg();
      const receiver = serveReceiver();
      stops.push(receiver.stop);
      const hook = await subscribe(owner.key, receiver, ["ping"]);
      expect((await ctx.request("GET", `/api/webhooks/${hook.id}/deliveries`, { key: other.key })).status).toBe(404);
      expect((await ctx.request("DELETE", `/api/webhooks/${hook.id}`, { key: other.key })).status).toBe(404);
      expect((await ctx.request("POST", `/api/webhooks/${hook.id}/ping`, { key: other.key })).status).toBe(404);
      expect((await ctx.request("DELETE", `/api/webhooks/${hook.id}`, { key: owner.key })).status).toBe(200);
      expect((await ctx.request("GET", "/api/webhooks", { key: owner.key })).body.webhooks).toEqual([]);
    });

    test("refuses a receiver on a private address unless private networks are allowed", async () => {
      const guarded = await createTestContext({ CRAWL_ALLOW_PRIVATE_NETWORKS: "false" }, { embedder: null });
      try {
        const org = await guarded.createOrg();
        for (const url of ["http://127.0.0.1:8080/hook", "http://169.254.169.254/latest", "http://localhost/x"]) {
          const res = await guarded.request("POST", "/api/webhooks", { key: org.key, body: { url, events: ["ping"] } });
          expect(res.status).toBe(400);
          expect(res.body.error).toContain("cannot be used");
        }
      } finally {
        await guarded.close();
      }
    }, 90_000);
  });

  describe("a ping to a receiver that first answers 500", () => {
    test("is signed, logged as failed, and retried with the same event until delivered", async () => {
      const org = await ctx.createOrg();
      const receiver = serveReceiver([500]);
      stops.push(receiver.stop);
      const hook = await subscribe(org.key, receiver, ["crawl.completed"]);
      const ping = await ctx.request("POST", `/api/webhooks/${hook.id}/ping`, { key: org.key });
      expect(ping.status).toBe(200);
      const dispatcher = ctx.parts.webhooks.dispatcher;

      expect(await dispatcher.drainOnce(org.orgId)).toBe(1);
      expect(receiver.received).toHaveLength(1);
      const [first] = await deliveries(org.key, hook.id);
      expect(first).toMatchObject({
        id: ping.body.deliveryId,
        eventId: ping.body.eventId,
        eventType: "ping",
        status: "pending",
        attempts: 1,
        responseStatus: 500,
        lastError: "HTTP 500",
      });
      // Not due yet: the retry waits its backoff.
      expect(await dispatcher.drainOnce(org.orgId)).toBe(0);

      await Bun.sleep(400);
      expect(await dispatcher.drainOnce(org.orgId)).toBe(1);
      expect(receiver.received).toHaveLength(2);
      for (const r of receiver.received) {
        expect(r.signatureValid).toBe(true);
        expect(r.event).toMatchObject({ id: ping.body.eventId, type: "ping", orgId: org.orgId, data: { webhookId: hook.id } });
      }
      const [second] = await deliveries(org.key, hook.id);
      expect(second).toMatchObject({ status: "delivered", attempts: 2, responseStatus: 200, lastError: null, nextAttemptAt: null });
      expect(second.deliveredAt).toBeGreaterThan(0);
    }, 15_000);

    test("a tampered body or a wrong secret fails verification", async () => {
      const org = await ctx.createOrg();
      const receiver = serveReceiver();
      stops.push(receiver.stop);
      const hook = await subscribe(org.key, receiver, ["ping"]);
      await ctx.request("POST", `/api/webhooks/${hook.id}/ping`, { key: org.key });
      await ctx.parts.webhooks.dispatcher.drainOnce(org.orgId);
      const { body } = receiver.received[0]!;
      expect(receiver.received[0]!.signatureValid).toBe(true);
      const { signatureHeader } = await import("../../server/connectors/webhook-signature.ts");
      const t = Math.floor(Date.now() / 1000);
      expect(verifySignature(hook.secret, body.replace("ping", "pong"), signatureHeader(hook.secret, body, t))).toBe(false);
      expect(verifySignature("whsec_other", body, signatureHeader(hook.secret, body, t))).toBe(false);
      // Outside the five-minute window a genuine signature is a replay.
      expect(verifySignature(hook.secret, body, signatureHeader(hook.secret, body, t - 301))).toBe(false);
    });
  });

  describe("crawl events", () => {
    test("a completed crawl sends crawl.completed, and a page that vanished sends pages.removed", async () => {
      const site: CrawlSite = serveCrawlSite({
        routes: {
          "/": `<html><head><title>Home</title></head><body><p>Welcome home, this page links on.</p><a href="/old">Old</a></body></html>`,
          "/old": `<html><head><title>Old</title></head><body><p>An old page that will vanish.</p></body></html>`,
        },
      });
      stops.push(site.stop);
      const crawlSite = await newCrawlSite(ctx, `${site.origin}/`, { respectRobotsTxt: false });
      const receiver = serveReceiver();
      stops.push(receiver.stop);
      const hook = await subscribe(crawlSite.key, receiver, ["crawl.completed", "pages.removed"]);
      expect((await crawlOnce(ctx, crawlSite)).status).toBe("completed");
      site.gone.add("/old");
      const second = await crawlOnce(ctx, crawlSite);
      expect(second.status).toBe("completed");
      await ctx.parts.webhooks.dispatcher.drainOnce(crawlSite.orgId);
      const events = receiver.received.map((r) => r.event).sort((a, b) => a.type.localeCompare(b.type));
      expect(events.map((e) => e.type)).toEqual(["crawl.completed", "crawl.completed", "pages.removed"]);
      expect(events[2].data).toEqual({ siteId: crawlSite.siteId, jobId: second.jobId, urls: [`${site.origin}/old`] });
      expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
      expect((await deliveries(crawlSite.key, hook.id)).every((d: any) => d.status === "delivered")).toBe(true);
    }, 20_000);

    test("a failed crawl sends crawl.failed with its reason", async () => {
      const org = await ctx.createOrg();
      const res = await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Down", baseUrl: "http://127.0.0.1:9/" } });
      const receiver = serveReceiver();
      stops.push(receiver.stop);
      await subscribe(org.key, receiver, ["crawl.failed"]);
      const job = await crawlOnce(ctx, { key: org.key, siteId: res.body.siteId });
      expect(job.status).toBe("failed");
      await ctx.parts.webhooks.dispatcher.drainOnce(org.orgId);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.event).toMatchObject({ type: "crawl.failed", data: { siteId: res.body.siteId, jobId: job.jobId, error: job.lastError } });
    }, 20_000);
  });
});
