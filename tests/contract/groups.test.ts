import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, docsPages } from "../fixtures/search-pages.ts";
import { searchGroups } from "../../server/adapters/postgres/schema.ts";
import { GROUPS_PER_ORGANISATION } from "../../server/groups/group-service.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

async function enterpriseWithSites(
  n: number,
  publicAccess: Record<string, unknown> = { enabled: true, searchEnabled: true, allowedDomains: ["docs.example.com"] },
) {
  const org = await ctx.createOrg("enterprise");
  const siteIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const created = await ctx.request("POST", "/api/sites", { key: org.key, body: { name: `S${i}`, baseUrl: `https://s${i}.example.com` } });
    siteIds.push(created.body.siteId);
    await ctx.request("PUT", `/api/sites/${created.body.siteId}`, { key: org.key, body: { publicAccess } });
  }
  return { ...org, siteIds };
}

describe("search groups", () => {
  describe("create", () => {
    test("returns the group with its id, sites and timestamps", async () => {
      const { key, siteIds } = await enterpriseWithSites(2);
      const res = await ctx.request("POST", "/api/groups", { key, body: { name: "All docs", description: "Both", siteIds } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: "All docs", description: "Both", siteIds });
      expect(typeof res.body.groupId).toBe("string");
      expect(Number.isInteger(res.body.createdAt)).toBe(true);
    });

    test("a site of another organisation is 400 naming it", async () => {
      const { key, siteIds } = await enterpriseWithSites(1);
      const other = await enterpriseWithSites(1);
      const res = await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds: [siteIds[0], other.siteIds[0], "site_nope"] } });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(other.siteIds[0]);
      expect(res.body.error).toContain("site_nope");
    });

    test("no siteIds is 400", async () => {
      const { key } = await enterpriseWithSites(0);
      expect((await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds: [] } })).status).toBe(400);
    });

    test("at the group quota it is 402", async () => {
      const { key, orgId, siteIds } = await enterpriseWithSites(1);
      await ctx.db
        .insert(searchGroups)
        .values(Array.from({ length: GROUPS_PER_ORGANISATION }, (_, i) => ({ id: `grp_quota_${orgId}_${i}`, orgId, name: `g${i}`, siteIds })));
      const res = await ctx.request("POST", "/api/groups", { key, body: { name: "one too many", siteIds } });
      expect(res.status).toBe(402);
      expect(res.body.code).toBe("PAYMENT_REQUIRED");
    });
  });

  describe("plans", () => {
    for (const plan of ["pro", "free"] as const) {
      test(`a ${plan} organisation gets 403 on listing groups`, async () => {
        const { key } = await ctx.createOrg(plan);
        const res = await ctx.request("GET", "/api/groups", { key });
        expect(res.status).toBe(403);
        expect(res.body.error).toBe("Search Groups require an Enterprise plan");
      });
    }

    test("a pro organisation gets the groups message on create, before its body is looked at", async () => {
      const { key } = await ctx.createOrg("pro");
      const res = await ctx.request("POST", "/api/groups", { key, body: { bogus: true } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("Search Groups require an Enterprise plan");
    });

    for (const [method, path] of [
      ["POST", "/api/groups"],
      ["PUT", "/api/groups/grp_x"],
      ["DELETE", "/api/groups/grp_x"],
    ] as const) {
      test(`a free organisation gets the groups message on ${method} ${path}`, async () => {
        const { key } = await ctx.createOrg("free");
        const res = await ctx.request(method, path, { key, body: method === "DELETE" ? undefined : { name: "G", siteIds: ["x"] } });
        expect(res.status).toBe(403);
        expect(res.body.error).toBe("Search Groups require an Enterprise plan");
      });
    }
  });

  describe("list, update and delete", () => {
    test("lists only the organisation's groups", async () => {
      const a = await enterpriseWithSites(1);
      const b = await enterpriseWithSites(1);
      await ctx.request("POST", "/api/groups", { key: a.key, body: { name: "A", siteIds: a.siteIds } });
      await ctx.request("POST", "/api/groups", { key: b.key, body: { name: "B", siteIds: b.siteIds } });
      const res = await ctx.request("GET", "/api/groups", { key: a.key });
      expect(res.body.groups.map((g: any) => g.name)).toEqual(["A"]);
    });

    test("PUT changes only the fields sent", async () => {
      const { key, siteIds } = await enterpriseWithSites(2);
      const created = await ctx.request("POST", "/api/groups", { key, body: { name: "G", description: "d", siteIds: [siteIds[0]] } });
      const res = await ctx.request("PUT", `/api/groups/${created.body.groupId}`, { key, body: { siteIds } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: "G", description: "d", siteIds });
    });

    test("PUT on another organisation's group is 404", async () => {
      const a = await enterpriseWithSites(1);
      const b = await enterpriseWithSites(1);
      const created = await ctx.request("POST", "/api/groups", { key: a.key, body: { name: "A", siteIds: a.siteIds } });
      expect((await ctx.request("PUT", `/api/groups/${created.body.groupId}`, { key: b.key, body: { name: "mine" } })).status).toBe(404);
    });

    test("DELETE answers 204 with no body and leaves the sites alone", async () => {
      const { key, siteIds } = await enterpriseWithSites(1);
      const created = await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds } });
      const res = await ctx.request("DELETE", `/api/groups/${created.body.groupId}`, { key });
      expect(res.status).toBe(204);
      expect(res.body).toBeNull();
      expect((await ctx.request("GET", "/api/groups", { key })).body.groups).toEqual([]);
      expect((await ctx.request("GET", `/api/sites/${siteIds[0]}`, { key })).status).toBe(200);
    });
  });

  describe("public group search", () => {
    const origin = { origin: "https://docs.example.com" };

    test("ranks pages of every member site together and names each result's site", async () => {
      const { key, siteIds } = await enterpriseWithSites(2);
      await addPages(ctx, siteIds[0]!, docsPages.slice(0, 2));
      await addPages(ctx, siteIds[1]!, docsPages.slice(2));
      const group = await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds } });
      const res = await ctx.request("GET", `/v1/public/groups/${group.body.groupId}/search?q=proxy%20invoices&minScore=0.05`, { headers: origin });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60");
      const bySite = new Map(res.body.results.map((r: any) => [r.url, r.siteId]));
      expect(bySite.get("https://docs.example.com/guide/proxy")).toBe(siteIds[0]);
      expect(bySite.get("https://docs.example.com/reference/billing")).toBe(siteIds[1]);
    });

    test("a member site without public search is left out", async () => {
      const { key, siteIds } = await enterpriseWithSites(2);
      await addPages(ctx, siteIds[0]!, docsPages);
      await addPages(ctx, siteIds[1]!, docsPages);
      await ctx.request("PUT", `/api/sites/${siteIds[1]}`, { key, body: { publicAccess: { searchEnabled: false } } });
      const group = await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds } });
      const res = await ctx.request("GET", `/v1/public/groups/${group.body.groupId}/search?q=proxy&minScore=0.05`, { headers: origin });
      expect(res.status).toBe(200);
      expect(new Set(res.body.results.map((r: any) => r.siteId))).toEqual(new Set([siteIds[0]]));
    });

    test("when no member allows the origin it is 403", async () => {
      const { key, siteIds } = await enterpriseWithSites(2);
      const group = await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds } });
      const res = await ctx.request("GET", `/v1/public/groups/${group.body.groupId}/search?q=proxy`, { headers: { origin: "https://evil.example.net" } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("ORIGIN_NOT_ALLOWED");
    });

    test("when no member has public search on it is 403 FEATURE_DISABLED", async () => {
      const { key, siteIds } = await enterpriseWithSites(1, { searchEnabled: false });
      const group = await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds } });
      const res = await ctx.request("GET", `/v1/public/groups/${group.body.groupId}/search?q=proxy`, { headers: origin });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("FEATURE_DISABLED");
    });

    test("an unknown group is 404", async () => {
      expect((await ctx.request("GET", "/v1/public/groups/grp_nope/search?q=proxy", { headers: origin })).status).toBe(404);
    });
  });
});
