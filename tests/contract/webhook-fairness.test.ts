// One organisation's receiver that hangs until the delivery timeout must not delay another organisation's webhooks:
// the dispatcher is a continuous pool with per-organisation turns and an in-flight cap per organisation.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { Limits } from "../../shared/limits.ts";

let ctx: TestContext;
const stops: Array<() => void> = [];
beforeAll(async () => {
  // The running dispatcher sends every organisation's due deliveries: a database of its own keeps other files' out.
  ctx = await createTestContext({}, {}, { ownDatabase: true });
}, 90_000);
afterAll(async () => {
  // Receivers first: a released or closed connection ends the sends the dispatcher waits for when it stops.
  for (const stop of stops) stop();
  await ctx.parts.webhooks.dispatcher.stop();
  await ctx.close();
}, 30_000);

/** A loopback receiver: answers at once, or (`hang`) only when released, so the sender waits for its timeout. */
function serveReceiver(hang: boolean) {
  const arrivals: number[] = [];
  const waiting: Array<() => void> = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(request) {
      await request.text();
      arrivals.push(performance.now());
      if (hang) await new Promise<void>((resolve) => waiting.push(resolve));
      return new Response("");
    },
  });
  stops.push(() => {
    for (const release of waiting.splice(0)) release();
    server.stop(true);
  });
  return { url: `http://127.0.0.1:${server.port}/hooks`, arrivals };
}

describe("webhook delivery across organisations", () => {
  test("with one organisation's receiver hanging on 30 deliveries, another organisation's ping arrives within 5 s", async () => {
    const slow = await ctx.createOrg();
    const fast = await ctx.createOrg();
    const hanging = serveReceiver(true);
    const quick = serveReceiver(false);
    for (let i = 0; i < 3; i++) {
      const res = await ctx.request("POST", "/api/webhooks", { key: slow.key, body: { url: hanging.url, events: ["crawl.completed"] } });
      expect(res.status).toBe(200);
    }
    const hook = (await ctx.request("POST", "/api/webhooks", { key: fast.key, body: { url: quick.url, events: ["crawl.completed"] } })).body;
    const webhooks = ctx.parts.webhooks.webhooks;
    for (let i = 0; i < 10; i++) await webhooks.emit(slow.orgId, "crawl.completed", { n: i });
    ctx.parts.webhooks.dispatcher.start();
    // The slow organisation's first deliveries reach its receiver and hang there.
    for (let i = 0; i < 100 && hanging.arrivals.length === 0; i++) await Bun.sleep(50);
    expect(hanging.arrivals.length).toBeGreaterThan(0);
    await Bun.sleep(300);

    const pinged = performance.now();
    expect((await ctx.request("POST", `/api/webhooks/${hook.id}/ping`, { key: fast.key })).status).toBe(200);
    for (let i = 0; i < 200 && quick.arrivals.length === 0; i++) await Bun.sleep(25);
    expect(quick.arrivals.length).toBe(1);
    expect(quick.arrivals[0]! - pinged).toBeLessThan(5_000);
    // The hanging receiver holds at most its organisation's share of the pool.
    expect(hanging.arrivals.length).toBeLessThanOrEqual(Limits.webhookInFlightPerOrg);
  }, 60_000);

  test("pings are rate-limited per organisation", async () => {
    const org = await ctx.createOrg();
    const receiver = serveReceiver(false);
    const hook = (await ctx.request("POST", "/api/webhooks", { key: org.key, body: { url: receiver.url, events: ["crawl.completed"] } })).body;
    const statuses: number[] = [];
    for (let i = 0; i <= Limits.webhookPingsPerMinute; i++)
      statuses.push((await ctx.request("POST", `/api/webhooks/${hook.id}/ping`, { key: org.key })).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const refused = await ctx.request("POST", `/api/webhooks/${hook.id}/ping`, { key: org.key });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
  }, 30_000);
});
