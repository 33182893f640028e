import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";

let ctx: TestContext;
beforeAll(async () => {
  // Keyword search only: these tests are about the gate, not relevance.
  ctx = await createTestContext({}, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

const allowed = { origin: "https://docs.example.com" };
const path = (siteId: string, query = "q=proxy") => `/v1/public/sites/${siteId}/search?${query}`;

async function siteWithPages(settings: Record<string, unknown> = {}) {
  const site = await createPublicSite(ctx, settings);
  await addPages(ctx, site.siteId, docsPages);
  return site;
}

describe("public search", () => {
  describe("GET", () => {
    test("answers query, results, totalResults and timingMs", async () => {
      const { siteId } = await siteWithPages();
      const res = await ctx.request("GET", path(siteId, "q=reverse%20proxy&minScore=0.1"), { headers: allowed });
      expect(res.status).toBe(200);
      expect(res.body.query).toBe("reverse proxy");
      expect(res.body.results[0]).toMatchObject({ url: "https://docs.example.com/guide/proxy", title: "Configuring a reverse proxy" });
      expect(typeof res.body.results[0].snippet).toBe("string");
      expect(res.body.totalResults).toBeGreaterThanOrEqual(1);
      expect(Number.isInteger(res.body.timingMs)).toBe(true);
      expect(res.body.results[0].siteId).toBeUndefined();
    });

    test("is cacheable for 60 s and the second identical request is served from the cache", async () => {
      const { siteId } = await siteWithPages();
      const first = await ctx.request("GET", path(siteId), { headers: allowed });
      const second = await ctx.request("GET", path(siteId), { headers: allowed });
      expect(first.headers.get("cache-control")).toBe("public, max-age=60");
      expect(first.headers.get("x-cache")).toBe("MISS");
      expect(second.headers.get("x-cache")).toBe("HIT");
      expect(second.body).toEqual(first.body);
    });

    test("the cache is emptied when the site's content changes", async () => {
      const { siteId } = await siteWithPages();
      await ctx.request("GET", path(siteId, "q=kubernetes"), { headers: allowed });
      await addPages(ctx, siteId, [
        { url: "https://docs.example.com/k8s", title: "Kubernetes", sections: [{ text: "Deploy on Kubernetes with the Helm chart." }] },
      ]);
      ctx.parts.search.publicSearch.invalidateSite(siteId);
      const after = await ctx.request("GET", path(siteId, "q=kubernetes&minScore=0.1"), { headers: allowed });
      expect(after.headers.get("x-cache")).toBe("MISS");
      expect(after.body.results.map((r: any) => r.url)).toEqual(["https://docs.example.com/k8s"]);
    });

    test("filter.<field> query parameters narrow the results", async () => {
      const { siteId } = await siteWithPages({ metadataSchema: [{ name: "section", type: "string", filter: true }] });
      const res = await ctx.request("GET", path(siteId, "q=version&minScore=0&filter.section=blog"), { headers: allowed });
      expect(res.status).toBe(200);
      expect(res.body.results.map((r: any) => r.url)).toEqual(["https://docs.example.com/blog/release-notes"]);
    });
  });

  describe("POST", () => {
    test("accepts query or q and is never cached", async () => {
      const { siteId } = await siteWithPages();
      for (const body of [{ query: "proxy" }, { q: "proxy" }]) {
        const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { ...body, minScore: 0.1 }, headers: allowed });
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(res.headers.get("x-cache")).toBe("MISS");
        expect(res.body.results[0].url).toBe("https://docs.example.com/guide/proxy");
      }
    });

    test("a filter on a field the schema does not declare filterable is 400", async () => {
      const { siteId } = await siteWithPages({ metadataSchema: [{ name: "section", type: "string", filter: false, facet: true }] });
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { query: "proxy", filters: { section: "guide" } }, headers: allowed });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain("section");
    });
  });

  describe("bad parameters", () => {
    for (const [name, query] of [
      ["an empty q", "q="],
      ["a blank q", "q=%20%20"],
      ["a missing q", "limit=5"],
      ["limit 0", "q=proxy&limit=0"],
      ["limit 101", "q=proxy&limit=101"],
      ["minScore 2", "q=proxy&minScore=2"],
      ["a non-numeric limit", "q=proxy&limit=ten"],
    ] as const) {
      test(`${name} is 400, readable cross-origin`, async () => {
        const { siteId } = await siteWithPages();
        const res = await ctx.request("GET", path(siteId, query), { headers: allowed });
        expect(res.status).toBe(400);
        expect(typeof res.body.error).toBe("string");
        expect(res.headers.get("access-control-allow-origin")).toBe(allowed.origin);
      });
    }

    test("POST without a query is 400", async () => {
      const { siteId } = await siteWithPages();
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { limit: 5 }, headers: allowed });
      expect(res.status).toBe(400);
    });
  });

  describe("access", () => {
    test("an unknown site is 404", async () => {
      const res = await ctx.request("GET", path("site_does_not_exist"), { headers: allowed });
      expect(res.status).toBe(404);
    });

    test("search disabled is 403 FEATURE_DISABLED", async () => {
      const { siteId } = await siteWithPages({ publicAccess: { searchEnabled: false } });
      const res = await ctx.request("GET", path(siteId), { headers: allowed });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("FEATURE_DISABLED");
    });

    test("public access switched off is 403 FEATURE_DISABLED even with search on", async () => {
      const { siteId } = await siteWithPages({ publicAccess: { enabled: false } });
      expect((await ctx.request("GET", path(siteId), { headers: allowed })).body.code).toBe("FEATURE_DISABLED");
    });

    test("a disallowed origin is 403 ORIGIN_NOT_ALLOWED, readable by that page so its widget can tell the owner why", async () => {
      const { siteId } = await siteWithPages();
      const res = await ctx.request("GET", path(siteId), { headers: { origin: "https://evil.example.net" } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("ORIGIN_NOT_ALLOWED");
      expect(res.body.error).toContain("https://evil.example.net is not allowed");
      expect(res.headers.get("access-control-allow-origin")).toBe("https://evil.example.net");
      expect(res.headers.get("vary")).toBe("Origin");
    });

    test("the Referer's origin is checked when there is no Origin", async () => {
      const { siteId } = await siteWithPages();
      expect((await ctx.request("GET", path(siteId), { headers: { referer: "https://docs.example.com/page?x=1" } })).status).toBe(200);
      expect((await ctx.request("GET", path(siteId), { headers: { referer: "https://other.example.org/" } })).status).toBe(403);
    });

    test("*.domain allows subdomains but not the bare domain", async () => {
      const { siteId } = await siteWithPages({ publicAccess: { allowedDomains: ["*.example.org"] } });
      expect((await ctx.request("GET", path(siteId), { headers: { origin: "https://www.example.org" } })).status).toBe(200);
      expect((await ctx.request("GET", path(siteId), { headers: { origin: "https://a.b.example.org" } })).status).toBe(200);
      expect((await ctx.request("GET", path(siteId), { headers: { origin: "https://example.org" } })).status).toBe(403);
      expect((await ctx.request("GET", path(siteId), { headers: { origin: "https://badexample.org" } })).status).toBe(403);
    });

    test("with no allowed domains, browsers are refused and server-to-server requests answered", async () => {
      const { siteId } = await siteWithPages({ publicAccess: { allowedDomains: [] } });
      expect((await ctx.request("GET", path(siteId), { headers: allowed })).status).toBe(403);
      expect((await ctx.request("GET", path(siteId))).status).toBe(200);
    });
  });

  describe("CORS preflight", () => {
    test("an allowed origin gets 204 with the allow headers", async () => {
      const { siteId } = await siteWithPages();
      const res = await ctx.request("OPTIONS", `/v1/public/sites/${siteId}/search`, {
        headers: { ...allowed, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(allowed.origin);
      expect(res.headers.get("vary")).toContain("Origin");
      expect(res.headers.get("access-control-allow-methods")).toContain("POST");
      expect(res.headers.get("access-control-allow-headers")).toContain("content-type");
      expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    });

    test("a disallowed origin gets 403 without allow headers", async () => {
      const { siteId } = await siteWithPages();
      const res = await ctx.request("OPTIONS", `/v1/public/sites/${siteId}/search`, {
        headers: { origin: "https://evil.example.net", "access-control-request-method": "POST" },
      });
      expect(res.status).toBe(403);
      expect(res.headers.get("access-control-allow-methods")).toBeNull();
    });
  });

  describe("rate limits", () => {
    test("every answer carries X-RateLimit headers", async () => {
      const { siteId } = await siteWithPages();
      const res = await ctx.request("GET", path(siteId), { headers: allowed });
      // A token bucket: the limit shown is the burst (30 at the default 60 a minute), the remaining whole searches in it.
      expect(res.headers.get("x-ratelimit-limit")).toBe("30");
      expect(Number(res.headers.get("x-ratelimit-remaining"))).toBe(29);
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000 - 1);
    });

    test("over the site's searchPerMinute is 429 with retryAfter, cached answers included", async () => {
      const { siteId } = await siteWithPages({ rateLimits: { searchPerMinute: 3 } });
      for (let i = 0; i < 3; i++) expect((await ctx.request("GET", path(siteId), { headers: allowed })).status).toBe(200);
      const res = await ctx.request("GET", path(siteId), { headers: allowed });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe("RATE_LIMITED");
      expect(res.body.retryAfter).toBeGreaterThan(0);
      expect(res.headers.get("retry-after")).toBe(String(res.body.retryAfter));
      expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(res.headers.get("access-control-allow-origin")).toBe(allowed.origin);
    });

    test("perIpPerMinute caps search below its own limit", async () => {
      const { siteId } = await siteWithPages({ rateLimits: { perIpPerMinute: 2 } });
      for (let i = 0; i < 2; i++)
        expect((await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { q: "proxy" }, headers: allowed })).status).toBe(200);
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { q: "proxy" }, headers: allowed });
      expect(res.status).toBe(429);
      expect(res.headers.get("x-ratelimit-limit")).toBe("2");
    });
  });
});
