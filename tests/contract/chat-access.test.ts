import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { chatOrigin, createChatSite } from "../fixtures/chat-site.ts";
import { Limits } from "../../shared/limits.ts";

let now = Math.floor(Date.now() / 1000);
let ctx: TestContext;
beforeAll(async () => {
  // The gate is what is tested: no model and keyword search keep the answers cheap.
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "" }, { clock: () => now, embedder: null });
}, 60_000);
afterAll(() => ctx.close());
beforeEach(() => {
  now += 120;
});

const chat = (siteId: string, body: unknown, headers: Record<string, string> = { origin: chatOrigin }) =>
  ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { body, headers });
const preflight = (siteId: string, origin: string) =>
  ctx.request("OPTIONS", `/v1/public/sites/${siteId}/chat`, {
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
  });

async function updateSite(key: string, siteId: string, body: unknown) {
  const res = await ctx.request("PUT", `/api/sites/${siteId}`, { key, body });
  expect(res.status).toBe(200);
}

describe("public chat access", () => {
  describe("from an allowed origin", () => {
    test("the answer echoes the origin in the CORS headers", async () => {
      const { siteId } = await createChatSite(ctx);
      const res = await chat(siteId, { query: "How do I install Acme?" });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(chatOrigin);
      expect(res.headers.get("vary")).toContain("Origin");
      expect(res.headers.get("x-ratelimit-limit")).toBe(String(Limits.publicChatPerMinutePerIp));
    });

    test("the preflight is 204 with the allow headers", async () => {
      const { siteId } = await createChatSite(ctx);
      const res = await preflight(siteId, chatOrigin);
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(chatOrigin);
      expect(res.headers.get("access-control-allow-headers")).toContain("content-type");
    });

    test("a 400 for an over-long question carries the CORS headers, so the widget can read it", async () => {
      const { siteId } = await createChatSite(ctx);
      const res = await chat(siteId, { query: "a".repeat(Limits.chatQuestionMaxChars + 1) });
      expect(res.status).toBe(400);
      expect(res.headers.get("access-control-allow-origin")).toBe(chatOrigin);
    });
  });

  describe("without Origin or Referer (a server or curl)", () => {
    test("is answered", async () => {
      const { siteId } = await createChatSite(ctx);
      expect((await chat(siteId, { query: "How do I install Acme?" }, {})).status).toBe(200);
    });
  });

  describe("refused", () => {
    test("another origin is a readable 403 ORIGIN_NOT_ALLOWED, and its preflight is 403 without allow headers", async () => {
      const { siteId } = await createChatSite(ctx);
      const res = await chat(siteId, { query: "How do I install Acme?" }, { origin: "https://evil.example" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("ORIGIN_NOT_ALLOWED");
      expect(res.headers.get("access-control-allow-origin")).toBe("https://evil.example");
      const pre = await preflight(siteId, "https://evil.example");
      expect(pre.headers.get("access-control-allow-origin")).toBeNull();
      expect(pre.status).toBe(403);
      expect(pre.headers.get("access-control-allow-methods")).toBeNull();
    });

    test("an empty allowed-domains list refuses every browser origin", async () => {
      const { key, siteId } = await createChatSite(ctx);
      await updateSite(key, siteId, { publicAccess: { allowedDomains: [] } });
      expect((await chat(siteId, { query: "How do I install Acme?" })).status).toBe(403);
    });

    test("public access switched off is 403 FEATURE_DISABLED", async () => {
      const { key, siteId } = await createChatSite(ctx);
      await updateSite(key, siteId, { publicAccess: { enabled: false } });
      const res = await chat(siteId, { query: "How do I install Acme?" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("FEATURE_DISABLED");
    });
  });

  describe("rate limit", () => {
    test("over chatPerMinute a visitor gets 429 with Retry-After, and search keeps its own budget", async () => {
      const { key, siteId } = await createChatSite(ctx);
      await updateSite(key, siteId, { rateLimits: { searchPerMinute: 60, chatPerMinute: 2 } });
      for (let i = 0; i < 2; i++) expect((await chat(siteId, { query: "How do I install Acme?" })).status).toBe(200);
      const over = await chat(siteId, { query: "How do I install Acme?" });
      expect(over.status).toBe(429);
      expect(over.body.retryAfter).toBeGreaterThan(0);
      expect(over.headers.get("retry-after")).toBe(String(over.body.retryAfter));
      expect(over.headers.get("access-control-allow-origin")).toBe(chatOrigin);
      const search = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=install`, { headers: { origin: chatOrigin } });
      expect(search.status).toBe(200);
    });

    test("perIpPerMinute caps search and chat together", async () => {
      const { key, siteId } = await createChatSite(ctx);
      await updateSite(key, siteId, { rateLimits: { searchPerMinute: 60, chatPerMinute: 20, perIpPerMinute: 2 } });
      expect((await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=install`, { headers: { origin: chatOrigin } })).status).toBe(200);
      expect((await chat(siteId, { query: "How do I install Acme?" })).status).toBe(200);
      expect((await chat(siteId, { query: "How do I install Acme?" })).status).toBe(429);
    });
  });
});
