import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const families = [
  { name: "/api", base: (_org: string) => "/api/sites" },
  { name: "/organisations", base: (org: string) => `/organisations/${org}/ai-search/sites` },
];

for (const family of families) {
  describe(`sites (${family.name} family)`, () => {
    describe("create", () => {
      test("returns the new site as pending with no pages", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const res = await ctx.request("POST", family.base(orgId), { key, body: { name: "Docs", baseUrl: "https://docs.example.com" } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ name: "Docs", baseUrl: "https://docs.example.com", status: "pending", pageCount: 0 });
        expect(typeof res.body.siteId).toBe("string");
        expect(Number.isInteger(res.body.createdAt)).toBe(true);
        expect(Math.abs(res.body.createdAt - Date.now() / 1000)).toBeLessThan(60);
        expect(res.body.lastCrawledAt).toBeUndefined();
      });

      test("applies crawler defaults and keeps given crawler settings", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const created = await ctx.request("POST", family.base(orgId), {
          key,
          body: { name: "D", baseUrl: "https://d.example.com", crawlerConfig: { maxPages: 7 } },
        });
        const got = await ctx.request("GET", `${family.base(orgId)}/${created.body.siteId}`, { key });
        expect(got.status).toBe(200);
        expect(got.body.crawlerConfig).toEqual({
          maxPages: 7,
          maxDepth: 3,
          respectRobotsTxt: true,
          excludePatterns: [],
          includePatterns: [],
          javascriptEnabled: false,
        });
      });

      test("a missing name is 400 and nothing is stored", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const res = await ctx.request("POST", family.base(orgId), { key, body: { baseUrl: "https://x.example.com" } });
        expect(res.status).toBe(400);
        expect(res.body.error).toContain("name");
        expect(res.body.code).toBe("VALIDATION_FAILED");
        expect((await ctx.request("GET", family.base(orgId), { key })).body.sites).toEqual([]);
      });

      test("a baseUrl that is not http(s) is 400", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const res = await ctx.request("POST", family.base(orgId), { key, body: { name: "x", baseUrl: "ftp://x.example.com" } });
        expect(res.status).toBe(400);
      });

      test("malformed JSON is 400 with a clear error", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const res = await ctx.request("POST", family.base(orgId), { key, rawBody: '{"name": "x",' });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("INVALID_JSON");
      });

      test("maxPages below 1 is 400", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const res = await ctx.request("POST", family.base(orgId), {
          key,
          body: { name: "x", baseUrl: "https://x.example.com", crawlerConfig: { maxPages: 0 } },
        });
        expect(res.status).toBe(400);
        expect(res.body.error).toContain("maxPages");
      });
    });

    describe("list", () => {
      test("returns {sites} with only the organisation's own sites", async () => {
        const a = await ctx.createOrg("pro");
        const b = await ctx.createOrg("pro");
        await ctx.request("POST", family.base(a.orgId), { key: a.key, body: { name: "A", baseUrl: "https://a.example.com" } });
        await ctx.request("POST", family.base(b.orgId), { key: b.key, body: { name: "B", baseUrl: "https://b.example.com" } });
        const res = await ctx.request("GET", family.base(a.orgId), { key: a.key });
        expect(res.status).toBe(200);
        expect(res.body.sites.map((s: any) => s.name)).toEqual(["A"]);
      });
    });

    describe("update", () => {
      test("changes only the fields sent and merges nested objects", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const { body: site } = await ctx.request("POST", family.base(orgId), { key, body: { name: "Old", baseUrl: "https://u.example.com" } });
        const put = await ctx.request("PUT", `${family.base(orgId)}/${site.siteId}`, {
          key,
          body: {
            publicAccess: { searchEnabled: true, allowedDomains: ["example.com", "*.example.org"] },
            crawlerConfig: { maxDepth: 0 },
            tagBoosts: [{ tag: "guide", boost: 2 }],
          },
        });
        expect(put.status).toBe(200);
        expect(put.body).toEqual({ success: true });
        const got = await ctx.request("GET", `${family.base(orgId)}/${site.siteId}`, { key });
        expect(got.body.name).toBe("Old");
        expect(got.body.publicAccess).toEqual({ enabled: true, searchEnabled: true, chatEnabled: false, allowedDomains: ["example.com", "*.example.org"] });
        expect(got.body.crawlerConfig.maxDepth).toBe(0);
        expect(got.body.crawlerConfig.maxPages).toBe(100);
        expect(got.body.tagBoosts).toEqual([{ tag: "guide", boost: 2 }]);
      });

      test("an empty array clears boosts", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const { body: site } = await ctx.request("POST", family.base(orgId), { key, body: { name: "S", baseUrl: "https://s.example.com" } });
        const path = `${family.base(orgId)}/${site.siteId}`;
        await ctx.request("PUT", path, { key, body: { urlBoosts: [{ pattern: "/docs/**", boost: 1.5 }] } });
        await ctx.request("PUT", path, { key, body: { urlBoosts: [] } });
        expect((await ctx.request("GET", path, { key })).body.urlBoosts).toEqual([]);
      });

      test("an allowed domain with a scheme or path is 400 and the stored settings stay", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const { body: site } = await ctx.request("POST", family.base(orgId), { key, body: { name: "S", baseUrl: "https://s.example.com" } });
        const path = `${family.base(orgId)}/${site.siteId}`;
        for (const bad of ["https://example.com", "example.com/path", "*example.com", "exa mple.com"]) {
          const res = await ctx.request("PUT", path, { key, body: { publicAccess: { allowedDomains: [bad] } } });
          expect(res.status).toBe(400);
        }
        expect((await ctx.request("GET", path, { key })).body.publicAccess.allowedDomains).toEqual([]);
      });

      test("an unknown field is 400", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const { body: site } = await ctx.request("POST", family.base(orgId), { key, body: { name: "S", baseUrl: "https://s.example.com" } });
        const res = await ctx.request("PUT", `${family.base(orgId)}/${site.siteId}`, { key, body: { crawlerConfig: { maxPagez: 3 } } });
        expect(res.status).toBe(400);
      });

      test("a site that does not exist is 404", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const res = await ctx.request("PUT", `${family.base(orgId)}/site_nope`, { key, body: { name: "x" } });
        expect(res.status).toBe(404);
        expect(res.body.error).toBeString();
      });
    });

    describe("delete", () => {
      test("an owner deletes the site and it is gone", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const { body: site } = await ctx.request("POST", family.base(orgId), { key, body: { name: "S", baseUrl: "https://s.example.com" } });
        const res = await ctx.request("DELETE", `${family.base(orgId)}/${site.siteId}`, { key });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true });
        expect((await ctx.request("GET", `${family.base(orgId)}/${site.siteId}`, { key })).status).toBe(404);
      });

      test("a member key gets 403 and the site stays", async () => {
        const { orgId, key } = await ctx.createOrg("pro");
        const member = await ctx.createKey(orgId, "member");
        const { body: site } = await ctx.request("POST", family.base(orgId), { key, body: { name: "S", baseUrl: "https://s.example.com" } });
        const res = await ctx.request("DELETE", `${family.base(orgId)}/${site.siteId}`, { key: member.key });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("OWNER_REQUIRED");
        expect((await ctx.request("GET", `${family.base(orgId)}/${site.siteId}`, { key })).status).toBe(200);
      });
    });

    describe("another organisation's site", () => {
      test("is 404 on get, update and delete, and is not changed", async () => {
        const a = await ctx.createOrg("pro");
        const b = await ctx.createOrg("pro");
        const { body: site } = await ctx.request("POST", family.base(a.orgId), { key: a.key, body: { name: "Mine", baseUrl: "https://m.example.com" } });
        const path = `${family.base(b.orgId)}/${site.siteId}`;
        expect((await ctx.request("GET", path, { key: b.key })).status).toBe(404);
        expect((await ctx.request("PUT", path, { key: b.key, body: { name: "Stolen" } })).status).toBe(404);
        expect((await ctx.request("DELETE", path, { key: b.key })).status).toBe(404);
        expect((await ctx.request("GET", `${family.base(a.orgId)}/${site.siteId}`, { key: a.key })).body.name).toBe("Mine");
      });
    });
  });
}

describe("organisation-scoped paths", () => {
  test("a key of another organisation gets 403", async () => {
    const a = await ctx.createOrg("pro");
    const b = await ctx.createOrg("pro");
    const res = await ctx.request("GET", `/organisations/${a.orgId}/ai-search/sites`, { key: b.key });
    expect(res.status).toBe(403);
  });
});
