// A site's public chat budget per UTC day: requests and model tokens across every visitor, settable in the site's
// rate limits, 429 with retryAfter once spent, and shown in the site's usage.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../fixtures/fake-anthropic-server.ts";
import { chatOrigin, createChatSite } from "../fixtures/chat-site.ts";
import { Limits } from "../../shared/limits.ts";

// 10:00 UTC, so the day ends 14 hours later.
let now = Date.parse("2026-03-10T10:00:00Z") / 1000;
let fake: FakeAnthropic;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: fake.url, TRUST_PROXY: "true" }, { clock: () => now, embedder: null });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const ask = (siteId: string, ip: string) =>
  ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { body: { query: "How do I install Acme?" }, headers: { origin: chatOrigin, "x-forwarded-for": ip } });

async function siteWithBudget(rateLimits: Record<string, number>) {
  const site = await createChatSite(ctx);
  const res = await ctx.request("PUT", `/api/sites/${site.siteId}`, { key: site.key, body: { rateLimits } });
  expect(res.status).toBe(200);
  return site;
}

describe("the per-site chat budget", () => {
  test("defaults are in the site's settings", async () => {
    const { key, siteId } = await createChatSite(ctx);
    const site = await ctx.request("GET", `/api/sites/${siteId}`, { key });
    expect(site.body.rateLimits).toMatchObject({ chatRequestsPerDay: Limits.chatRequestsPerDayDefault, chatTokensPerDay: Limits.chatTokensPerDayDefault });
  });

  test("once the day's questions are spent, chat is 429 with retryAfter until UTC midnight, whatever the address", async () => {
    const { key, siteId } = await siteWithBudget({ chatRequestsPerDay: 2 });
    expect((await ask(siteId, "198.51.100.1")).status).toBe(200);
    expect((await ask(siteId, "198.51.100.2")).status).toBe(200);
    const spent = await ask(siteId, "198.51.100.3");
    expect(spent.status).toBe(429);
    expect(spent.body.code).toBe("RATE_LIMITED");
    expect(spent.body.retryAfter).toBe(14 * 3600);
    expect(spent.headers.get("retry-after")).toBe(String(14 * 3600));
    expect(spent.body.error).toContain("chat budget");

    const usage = await ctx.request("GET", `/api/sites/${siteId}/usage`, { key });
    expect(usage.body.chatBudget).toMatchObject({ day: "2026-03-10", requests: 2, requestsPerDay: 2, resetsAt: "2026-03-11T00:00:00.000Z" });
    expect(usage.body.chatBudget.tokens).toBeGreaterThan(0);

    // Another site of the same organisation has its own budget.
    const other = await siteWithBudget({ chatRequestsPerDay: 2 });
    expect((await ask(other.siteId, "198.51.100.3")).status).toBe(200);

    now += 14 * 3600;
    expect((await ask(siteId, "198.51.100.3")).status).toBe(200);
    now -= 14 * 3600;
  });

  test("once the day's model tokens are spent, the next chat is 429", async () => {
    const { key, siteId } = await siteWithBudget({ chatTokensPerDay: 10 });
    expect((await ask(siteId, "198.51.100.9")).status).toBe(200);
    const spent = await ask(siteId, "198.51.100.9");
    expect(spent.status).toBe(429);
    expect(spent.body.retryAfter).toBeGreaterThan(0);
    const usage = await ctx.request("GET", `/api/sites/${siteId}/usage`, { key });
    expect(usage.body.chatBudget.tokens).toBeGreaterThanOrEqual(10);
    expect(usage.body.chatBudget.requests).toBe(1);
  });

  test("an event-stream chat counts too, and once the budget is spent it is refused with an ordinary 429 before any event", async () => {
    const { key, siteId } = await siteWithBudget({ chatRequestsPerDay: 1 });
    const stream = () =>
      ctx.request("POST", `/v1/public/sites/${siteId}/chat`, {
        body: { query: "How do I install Acme?" },
        headers: { origin: chatOrigin, accept: "text/event-stream", "x-forwarded-for": "198.51.100.20" },
      });
    expect((await stream()).status).toBe(200);
    expect((await ctx.request("GET", `/api/sites/${siteId}/usage`, { key })).body.chatBudget.requests).toBe(1);
    const spent = await stream();
    expect(spent.status).toBe(429);
    expect(spent.body.code).toBe("RATE_LIMITED");
  });

  test("a malformed question does not spend the budget", async () => {
    const { key, siteId } = await siteWithBudget({ chatRequestsPerDay: 1 });
    const bad = await ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { body: { query: "   " }, headers: { origin: chatOrigin } });
    expect(bad.status).toBe(400);
    expect((await ctx.request("GET", `/api/sites/${siteId}/usage`, { key })).body.chatBudget.requests).toBe(0);
  });

  test("a budget below 1 is refused with 400 and the stored settings kept", async () => {
    const { key, siteId } = await siteWithBudget({ chatRequestsPerDay: 5 });
    const res = await ctx.request("PUT", `/api/sites/${siteId}`, { key, body: { rateLimits: { chatRequestsPerDay: 0 } } });
    expect(res.status).toBe(400);
    expect((await ctx.request("GET", `/api/sites/${siteId}`, { key })).body.rateLimits.chatRequestsPerDay).toBe(5);
  });
});
