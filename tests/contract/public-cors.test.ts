// CORS on public endpoints: Vary: Origin on every response (cacheable GETs without Origin included), and no
// allow-origin header on a refusal, so a page on a refused origin cannot read even the refusal.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "" }, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

const allowed = "https://docs.example.com";
const evil = "https://evil.example.net";

async function site() {
  const created = await createPublicSite(ctx, { publicAccess: { chatEnabled: true } }, "enterprise");
  await addPages(ctx, created.siteId, docsPages);
  return created;
}

describe("public responses", () => {
  describe("Vary: Origin", () => {
    test("is on a cacheable GET without an Origin, which carries no allow-origin", async () => {
      const { siteId } = await site();
      const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60");
      expect(res.headers.get("vary")).toBe("Origin");
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    });

    test("is on the same GET from an allowed origin, which gets its origin echoed", async () => {
      const { siteId } = await site();
      const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, { headers: { origin: allowed } });
      expect(res.headers.get("vary")).toBe("Origin");
      expect(res.headers.get("access-control-allow-origin")).toBe(allowed);
    });

    test("is on errors: a 400, a 404 and chat", async () => {
      const { siteId } = await site();
      for (const [method, path, body] of [
        ["GET", `/v1/public/sites/${siteId}/search?q=`, undefined],
        ["GET", `/v1/public/sites/site_nope/search?q=x`, undefined],
        ["POST", `/v1/public/sites/${siteId}/chat`, { query: "How do I configure the proxy?" }],
        ["POST", `/v1/public/sites/${siteId}/search`, { query: "proxy" }],
      ] as const) {
        const res = await ctx.request(method, path, { body });
        expect(`${method} ${path} ${res.headers.get("vary")}`).toBe(`${method} ${path} Origin`);
      }
    });
  });

  describe("a refused origin", () => {
    test("site search is 403 without allow-origin or exposed headers", async () => {
      const { siteId } = await site();
      const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, { headers: { origin: evil } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("ORIGIN_NOT_ALLOWED");
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(res.headers.get("access-control-expose-headers")).toBeNull();
      expect(res.headers.get("vary")).toBe("Origin");
    });

    test("chat, preflights, group search and feedback are 403 without allow-origin", async () => {
      const { key, siteId } = await site();
      const group = await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds: [siteId] } });
      const calls = [
        ["POST", `/v1/public/sites/${siteId}/chat`, { query: "proxy?" }],
        ["POST", `/v1/public/sites/${siteId}/search`, { query: "proxy" }],
        ["OPTIONS", `/v1/public/sites/${siteId}/search`, undefined],
        ["OPTIONS", `/v1/public/sites/${siteId}/chat`, undefined],
        ["GET", `/v1/public/groups/${group.body.groupId}/search?q=proxy`, undefined],
        ["POST", `/v1/public/sites/${siteId}/click`, { query: "proxy", url: "https://docs.example.com/guide/proxy", position: 1 }],
      ] as const;
      for (const [method, path, body] of calls) {
        const res = await ctx.request(method, path, { body, headers: { origin: evil } });
        expect(`${method} ${path} ${res.status} ${res.headers.get("access-control-allow-origin")}`).toBe(`${method} ${path} 403 null`);
      }
    });
  });
});
