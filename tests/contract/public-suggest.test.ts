// GET /v1/public/sites/{siteId}/suggest: completions from titles, headings and popular queries, under the public
// access rules of search (feature switch, allowed origins, per-IP limit on a counter of its own).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";
import { queryDaily } from "../../server/adapters/postgres/schema.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const allowed = { origin: "https://docs.example.com" };
const pages = [
  {
    url: "https://docs.example.com/vhosts",
    title: "Virtual hosts",
    content:
      "<h1>Virtual hosts</h1><h2>Name based virtual hosts</h2><p>One server, many sites: each virtual host answers for its own ServerName, and the first one is the default for requests that match none.</p>",
  },
  {
    url: "https://docs.example.com/proxy",
    title: "Reverse proxy",
    content:
      "<h1>Reverse proxy</h1><h2>Proxy headers</h2><p>Forward the Host header and X-Forwarded-For so the backend sees the visitor, and set the timeouts longer than the slowest page takes to answer.</p>",
  },
];

async function siteWithPages(settings: Record<string, unknown> = {}) {
  const site = await createPublicSite(ctx, settings);
  expect((await ctx.request("POST", `/api/sites/${site.siteId}/pages`, { key: site.key, body: { pages } })).status).toBe(200);
  return site;
}
const suggest = (siteId: string, q: string, headers: Record<string, string> = allowed) =>
  ctx.request("GET", `/v1/public/sites/${siteId}/suggest?q=${encodeURIComponent(q)}`, { headers });

describe("public suggest", () => {
  describe("completions", () => {
    test("completes the last word from titles and headings", async () => {
      const { siteId } = await siteWithPages();
      const res = await suggest(siteId, "virt");
      expect(res.status).toBe(200);
      expect(res.body.completions).toEqual([
        { text: "Virtual hosts", source: "title" },
        { text: "Name based virtual hosts", source: "heading" },
      ]);
      expect((await suggest(siteId, "proxy he")).body.completions).toEqual([{ text: "Proxy headers", source: "heading" }]);
    }, 30_000);

    test("offers popular queries that found something, first, but never a query searched only once or twice", async () => {
      const { siteId, orgId } = await siteWithPages();
      const day = new Date().toISOString().slice(0, 10);
      await ctx.db.insert(queryDaily).values([
        { siteId, orgId, day, kind: "search", query: "virtual host ssl", count: 7, noResults: 0 },
        { siteId, orgId, day, kind: "search", query: "virtual private thing", count: 2, noResults: 0 },
        { siteId, orgId, day, kind: "search", query: "virtualbox", count: 9, noResults: 9 },
      ]);
      const res = await suggest(siteId, "virtu");
      expect(res.body.completions[0]).toEqual({ text: "virtual host ssl", source: "query" });
      const texts = res.body.completions.map((c: { text: string }) => c.text);
      expect(texts).not.toContain("virtual private thing");
      expect(texts).not.toContain("virtualbox");
    }, 30_000);

    test("a single letter or nothing matching answers an empty list", async () => {
      const { siteId } = await siteWithPages();
      expect((await suggest(siteId, "v")).body.completions).toEqual([]);
      expect((await suggest(siteId, "zebra")).body.completions).toEqual([]);
      expect((await suggest(siteId, "100%_")).body.completions).toEqual([]);
    }, 30_000);
  });

  describe("access", () => {
    test("an origin that is not allowed is a 403 ORIGIN_NOT_ALLOWED it can read, with nothing suggested", async () => {
      const { siteId } = await siteWithPages();
      const res = await suggest(siteId, "virt", { origin: "https://evil.example.org" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("ORIGIN_NOT_ALLOWED");
      // The page may read the refusal's sentence and nothing else; Vary keeps caches from serving it to another origin.
      expect(res.headers.get("access-control-allow-origin")).toBe("https://evil.example.org");
      expect(res.body.completions).toBeUndefined();
      expect(res.headers.get("vary")).toContain("Origin");
    }, 30_000);

    test("search switched off is 403 FEATURE_DISABLED, an unknown site 404", async () => {
      const { siteId } = await siteWithPages({ publicAccess: { searchEnabled: false } });
      expect((await suggest(siteId, "virt")).body.code).toBe("FEATURE_DISABLED");
      expect((await suggest("site_nope", "virt")).status).toBe(404);
    }, 30_000);

    test("a missing or too long q is 400", async () => {
      const { siteId } = await siteWithPages();
      expect((await ctx.request("GET", `/v1/public/sites/${siteId}/suggest`, { headers: allowed })).status).toBe(400);
      expect((await suggest(siteId, "x".repeat(101))).status).toBe(400);
    }, 30_000);

    test("the preflight is answered for an allowed origin only", async () => {
      const { siteId } = await siteWithPages();
      const ok = await ctx.request("OPTIONS", `/v1/public/sites/${siteId}/suggest`, { headers: { ...allowed, "access-control-request-method": "GET" } });
      expect(ok.status).toBe(204);
      const refused = await ctx.request("OPTIONS", `/v1/public/sites/${siteId}/suggest`, {
        headers: { origin: "https://evil.example.org", "access-control-request-method": "GET" },
      });
      expect(refused.status).toBe(403);
    }, 30_000);

    test("is limited per IP at the search rate on its own counter, leaving the visitor's searches untouched", async () => {
      const { siteId } = await siteWithPages({ rateLimits: { searchPerMinute: 3 } });
      for (let i = 0; i < 3; i++) expect((await suggest(siteId, "virt")).status).toBe(200);
      const limited = await suggest(siteId, "virt");
      expect(limited.status).toBe(429);
      const search = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=virtual`, { headers: allowed });
      expect(search.status).toBe(200);
    }, 30_000);
  });
});
