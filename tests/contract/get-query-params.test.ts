import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";

// Query strings are text: every GET route with numeric or boolean parameters must accept their string form.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

const origin = { origin: "https://docs.example.com" };

describe("GET query parameters", () => {
  describe("public site search", () => {
    test("limit=5 is read as the number 5", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages);
      const all = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=server%20proxy%20service%20version%20invoices&minScore=0`, { headers: origin });
      expect(all.status).toBe(200);
      expect(all.body.results.length).toBeGreaterThan(1);
      const one = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=server%20proxy%20service%20version%20invoices&limit=1&minScore=0`, {
        headers: origin,
      });
      expect(one.status).toBe(200);
      expect(one.body.results).toHaveLength(1);
    });

    test("limit and minScore together, with filters beside them", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages);
      const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=install&limit=5&minScore=0.05`, { headers: origin });
      expect(res.status).toBe(200);
    });

    for (const bad of ["limit=0", "limit=101", "limit=2.5", "limit=ten", "limit=", "minScore=x", "minScore=1.5"]) {
      test(`${bad} is still 400 with an error body`, async () => {
        const { siteId } = await createPublicSite(ctx);
        const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=install&${bad}`, { headers: origin });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("VALIDATION_FAILED");
      });
    }
  });

  describe("public group search", () => {
    test("limit=1 is read as a number", async () => {
      const { key, siteId } = await createPublicSite(ctx, {}, "enterprise");
      await addPages(ctx, siteId, docsPages);
      const group = await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds: [siteId] } });
      const res = await ctx.request(
        "GET",
        `/v1/public/groups/${group.body.groupId}/search?q=server%20proxy%20service%20version%20invoices&limit=1&minScore=0`,
        { headers: origin },
      );
      expect(res.status).toBe(200);
      expect(res.body.results).toHaveLength(1);
      const bad = await ctx.request("GET", `/v1/public/groups/${group.body.groupId}/search?q=the&limit=zero`, { headers: origin });
      expect(bad.status).toBe(400);
    });
  });

  describe("owner routes", () => {
    test("pages, analytics and usage lists read their numbers from the query string", async () => {
      const { key, siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages);
      const list = await ctx.request("GET", `/api/sites/${siteId}/pages?limit=2`, { key });
      expect(list.status).toBe(200);
      expect(list.body.items).toHaveLength(2);
      for (const path of [
        `/api/sites/${siteId}/top-queries?limit=5&range=7d`,
        `/api/sites/${siteId}/no-result-queries?limit=5`,
        `/api/sites/${siteId}/feedback?limit=5&rating=up`,
        `/api/sites/${siteId}/usage?range=7d`,
        "/api/analytics?range=24h",
      ]) {
        const res = await ctx.request("GET", path, { key });
        expect(`${path} ${res.status}`).toBe(`${path} 200`);
      }
    });
  });
});
