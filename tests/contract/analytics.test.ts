import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createSite, dayString, DAY_MS, rawEventCount, recordQueries, utcMidnight } from "../fixtures/analytics-data.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

async function orgWithSite(plan: "free" | "pro" | "enterprise" = "pro", name = "Docs") {
  const org = await ctx.createOrg(plan);
  return { ...org, siteId: await createSite(ctx, org.orgId, name) };
}

describe("GET /api/analytics", () => {
  describe("an organisation with an untouched site", () => {
    test("answers zeros, the site in the breakdown and every day of the default 30d range", async () => {
      const { key, siteId } = await orgWithSite();
      const res = await ctx.request("GET", "/api/analytics", { key });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ totalSearches: 0, totalChats: 0, totalPagesIndexed: 0, topQueries: [] });
      expect(res.body.siteBreakdown).toEqual([{ id: siteId, name: "Docs", pagesIndexed: 0, searches: 0, chats: 0 }]);
      expect(res.body.dailyUsage).toHaveLength(30);
      expect(res.body.dailyUsage[0]).toEqual({ date: dayString(utcMidnight(-29)), searches: 0, chats: 0 });
      expect(res.body.dailyUsage.at(-1)).toEqual({ date: dayString(utcMidnight()), searches: 0, chats: 0 });
    });
  });

  describe("with recorded queries", () => {
    test("counts searches, chats, pages and normalised top queries per site and per day", async () => {
      const { orgId, key, siteId } = await orgWithSite();
      const other = await createSite(ctx, orgId, "Blog");
      await addPages(ctx, siteId, 3);
      const yesterday = new Date(utcMidnight(-1).getTime() + 3_600_000);
      await recordQueries(ctx, orgId, siteId, [
        { query: "Install  Guide ", times: 2 },
        { query: "install guide", at: yesterday },
        { query: "pricing" },
        { query: "how do I reset my password?", kind: "chat" },
      ]);
      await recordQueries(ctx, orgId, other, [{ query: "pricing", times: 2 }]);
      const res = await ctx.request("GET", "/api/analytics?range=7d", { key });
      expect(res.status).toBe(200);
      expect(res.body.totalSearches).toBe(6);
      expect(res.body.totalChats).toBe(1);
      expect(res.body.totalPagesIndexed).toBe(3);
      expect(res.body.topQueries.slice(0, 2)).toEqual([
        { query: "install guide", count: 3, clicks: 0 },
        { query: "pricing", count: 3, clicks: 0 },
      ]);
      expect(res.body.siteBreakdown).toEqual([
        { id: siteId, name: "Docs", pagesIndexed: 3, searches: 4, chats: 1 },
        { id: other, name: "Blog", pagesIndexed: 0, searches: 2, chats: 0 },
      ]);
      expect(res.body.dailyUsage).toHaveLength(7);
      expect(res.body.dailyUsage.at(-2)).toEqual({ date: dayString(yesterday), searches: 1, chats: 0 });
      expect(res.body.dailyUsage.at(-1)).toEqual({ date: dayString(utcMidnight()), searches: 5, chats: 1 });
    });

    test("siteId narrows every figure to that site", async () => {
      const { orgId, key, siteId } = await orgWithSite();
      const other = await createSite(ctx, orgId, "Blog");
      await recordQueries(ctx, orgId, siteId, [{ query: "a" }]);
      await recordQueries(ctx, orgId, other, [{ query: "b", times: 4 }]);
      const res = await ctx.request("GET", `/api/analytics?range=30d&siteId=${other}`, { key });
      expect(res.status).toBe(200);
      expect(res.body.totalSearches).toBe(4);
      expect(res.body.topQueries).toEqual([{ query: "b", count: 4, clicks: 0 }]);
      expect(res.body.siteBreakdown.map((s: { id: string }) => s.id)).toEqual([other]);
    });
  });

  describe("range edges (UTC days)", () => {
    test("1d starts at midnight UTC today: an event a millisecond earlier belongs to 2d", async () => {
      const { orgId, key, siteId } = await orgWithSite();
      await recordQueries(ctx, orgId, siteId, [
        { query: "at midnight", at: utcMidnight() },
        { query: "just before", at: new Date(utcMidnight().getTime() - 1) },
      ]);
      const one = await ctx.request("GET", `/api/analytics?range=1d&siteId=${siteId}`, { key });
      expect(one.body.totalSearches).toBe(1);
      expect(one.body.dailyUsage).toEqual([{ date: dayString(utcMidnight()), searches: 1, chats: 0 }]);
      const two = await ctx.request("GET", `/api/analytics?range=2d&siteId=${siteId}`, { key });
      expect(two.body.totalSearches).toBe(2);
      expect(two.body.dailyUsage.map((d: { searches: number }) => d.searches)).toEqual([1, 1]);
    });

    test("30d includes the first moment of its first day and nothing before it", async () => {
      const { orgId, key, siteId } = await orgWithSite();
      await recordQueries(ctx, orgId, siteId, [
        { query: "first", at: utcMidnight(-29) },
        { query: "too old", at: new Date(utcMidnight(-29).getTime() - 1) },
      ]);
      const res = await ctx.request("GET", `/api/analytics?range=30d&siteId=${siteId}`, { key });
      expect(res.body.totalSearches).toBe(1);
      expect(res.body.dailyUsage[0]).toEqual({ date: dayString(utcMidnight(-29)), searches: 1, chats: 0 });
    });

    test("24h counts the last 24 hours from raw events, over the two UTC days it touches", async () => {
      const { orgId, key, siteId } = await orgWithSite();
      const now = Date.now();
      await recordQueries(ctx, orgId, siteId, [
        { query: "recent", at: new Date(now - 23 * 3_600_000) },
        { query: "stale", at: new Date(now - 25 * 3_600_000) },
        { query: "recent", kind: "chat", at: new Date(now - 60_000) },
      ]);
      const res = await ctx.request("GET", `/api/analytics?range=24h&siteId=${siteId}`, { key });
      expect(res.status).toBe(200);
      expect(res.body.totalSearches).toBe(1);
      expect(res.body.totalChats).toBe(1);
      expect(res.body.dailyUsage.map((d: { date: string }) => d.date)).toEqual([dayString(new Date(now - DAY_MS)), dayString(new Date(now))]);
      expect(res.body.topQueries).toEqual([{ query: "recent", count: 2, clicks: 0 }]);
    });

    test("365d answers all 365 days", async () => {
      const { key } = await orgWithSite();
      const res = await ctx.request("GET", "/api/analytics?range=365d", { key });
      expect(res.status).toBe(200);
      expect(res.body.dailyUsage).toHaveLength(365);
    });

    for (const bad of ["0d", "366d", "30", "d", "-1d", "1.5d", "12h", "30D", "abc"]) {
      test(`range=${bad} is 400 with a sentence naming the accepted forms`, async () => {
        const { key } = await orgWithSite();
        const res = await ctx.request("GET", `/api/analytics?range=${encodeURIComponent(bad)}`, { key });
        expect(res.status).toBe(400);
        expect(res.body.error).toContain("range");
        expect(res.body.error).toContain("24h");
      });
    }
  });

  describe("access", () => {
    test("another organisation's siteId is 404", async () => {
      const a = await orgWithSite();
      const b = await orgWithSite();
      const res = await ctx.request("GET", `/api/analytics?siteId=${a.siteId}`, { key: b.key });
      expect(res.status).toBe(404);
    });

    test("a free-plan key may read analytics", async () => {
      const { key } = await orgWithSite("free");
      expect((await ctx.request("GET", "/api/analytics", { key })).status).toBe(200);
    });

    test("a request without a key is 401", async () => {
      expect((await ctx.request("GET", "/api/analytics")).status).toBe(401);
    });
  });
});

describe("GET /api/sites/:siteId/top-queries", () => {
  test("sorts by count descending, then by query, and says the site and range", async () => {
    const { orgId, key, siteId } = await orgWithSite();
    await recordQueries(ctx, orgId, siteId, [{ query: "beta", times: 2 }, { query: "alpha", times: 2 }, { query: "gamma", times: 5 }, { query: "delta" }]);
    const res = await ctx.request("GET", `/api/sites/${siteId}/top-queries?range=7d`, { key });
    expect(res.status).toBe(200);
    expect(res.body.siteId).toBe(siteId);
    expect(res.body.range).toBe("7d");
    expect(res.body.topQueries.map((q: { query: string; count: number }) => [q.query, q.count])).toEqual([
      ["gamma", 5],
      ["alpha", 2],
      ["beta", 2],
      ["delta", 1],
    ]);
  });

  test("returns 20 by default and honours limit up to 100", async () => {
    const { orgId, key, siteId } = await orgWithSite();
    await recordQueries(
      ctx,
      orgId,
      siteId,
      Array.from({ length: 25 }, (_, i) => ({ query: `q${String(i).padStart(2, "0")}` })),
    );
    expect((await ctx.request("GET", `/api/sites/${siteId}/top-queries`, { key })).body.topQueries).toHaveLength(20);
    expect((await ctx.request("GET", `/api/sites/${siteId}/top-queries?limit=3`, { key })).body.topQueries.map((q: { query: string }) => q.query)).toEqual([
      "q00",
      "q01",
      "q02",
    ]);
    expect((await ctx.request("GET", `/api/sites/${siteId}/top-queries?limit=100`, { key })).body.topQueries).toHaveLength(25);
  });

  for (const bad of ["101", "0", "-1", "abc", "2.5"]) {
    test(`limit=${bad} is 400`, async () => {
      const { key, siteId } = await orgWithSite();
      const res = await ctx.request("GET", `/api/sites/${siteId}/top-queries?limit=${bad}`, { key });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain("limit");
    });
  }

  test("another organisation's site is 404 and an unknown site too", async () => {
    const a = await orgWithSite();
    const b = await orgWithSite();
    expect((await ctx.request("GET", `/api/sites/${a.siteId}/top-queries`, { key: b.key })).status).toBe(404);
    expect((await ctx.request("GET", "/api/sites/site_nope/top-queries", { key: b.key })).status).toBe(404);
  });

  test("a bad range is 400", async () => {
    const { key, siteId } = await orgWithSite();
    expect((await ctx.request("GET", `/api/sites/${siteId}/top-queries?range=400d`, { key })).status).toBe(400);
  });
});

describe("long ranges read whole months from the monthly rollups and the edges from the daily ones", () => {
  test("counts across month edges equal the events inside the range, and nothing outside it", async () => {
    const { orgId, key, siteId } = await orgWithSite();
    await recordQueries(ctx, orgId, siteId, [
      { query: "spread", at: utcMidnight(-364) },
      { query: "spread", at: utcMidnight(-200), resultCount: 0 },
      { query: "spread", at: new Date(utcMidnight(-199).getTime() - 1), kind: "chat" },
      { query: "spread", at: utcMidnight(-199) },
      { query: "spread", at: utcMidnight(-100), resultCount: 0 },
      { query: "spread", at: new Date() },
      { query: "middle", at: utcMidnight(-150), times: 3, resultCount: 0 },
      { query: "outside", at: new Date(utcMidnight(-364).getTime() - 1), times: 7, resultCount: 0 },
      { query: "outside", at: utcMidnight(-500), times: 2 },
    ]);
    const top = async (range: string) =>
      (await ctx.request("GET", `/api/sites/${siteId}/top-queries?range=${range}`, { key })).body.topQueries.map((q: { query: string; count: number }) => [
        q.query,
        q.count,
      ]);
    const noResults = async (range: string) =>
      (await ctx.request("GET", `/api/sites/${siteId}/no-result-queries?range=${range}`, { key })).body.queries.map((q: { query: string; count: number }) => [
        q.query,
        q.count,
      ]);
    expect(await top("365d")).toEqual([
      ["spread", 6],
      ["middle", 3],
    ]);
    expect(await noResults("365d")).toEqual([
      ["middle", 3],
      ["spread", 2],
    ]);
    expect(await top("200d")).toEqual([
      ["middle", 3],
      ["spread", 3],
    ]);
    expect(await noResults("200d")).toEqual([
      ["middle", 3],
      ["spread", 1],
    ]);
    expect(await top("1d")).toEqual([["spread", 1]]);
    const overview = (await ctx.request("GET", `/api/analytics?range=365d`, { key })).body;
    expect(overview.topQueries.map((q: { query: string; count: number }) => [q.query, q.count])).toEqual([
      ["spread", 6],
      ["middle", 3],
    ]);
    expect(overview.totalSearches + overview.totalChats).toBe(9);
  });
});

describe("the organisation-wide overview over whole months", () => {
  test("covers every current site, and a deleted site's queries leave it, including ones recorded after the delete", async () => {
    const { orgId, key, siteId: a } = await orgWithSite();
    const b = await createSite(ctx, orgId, "Blog");
    const month = utcMidnight(-150);
    await recordQueries(ctx, orgId, a, [
      { query: "shared", at: month, times: 2 },
      { query: "edge", at: new Date() },
    ]);
    await recordQueries(ctx, orgId, b, [
      { query: "shared", at: month, times: 3 },
      { query: "only blog", at: month, times: 4, resultCount: 0 },
    ]);
    const top = async () =>
      (await ctx.request("GET", "/api/analytics?range=365d", { key })).body.topQueries.map((q: { query: string; count: number }) => [q.query, q.count]);
    expect(await top()).toEqual([
      ["shared", 5],
      ["only blog", 4],
      ["edge", 1],
    ]);
    expect((await ctx.request("DELETE", `/api/sites/${b}`, { key })).status).toBeLessThan(300);
    expect(await top()).toEqual([
      ["shared", 2],
      ["edge", 1],
    ]);
    await recordQueries(ctx, orgId, b, [{ query: "only blog", at: month, times: 5 }]);
    expect(await top()).toEqual([
      ["shared", 2],
      ["edge", 1],
    ]);
    // The remaining site's own figures are untouched.
    const own = (await ctx.request("GET", `/api/sites/${a}/top-queries?range=365d`, { key })).body.topQueries;
    expect(own.map((q: { query: string; count: number }) => [q.query, q.count])).toEqual([
      ["shared", 2],
      ["edge", 1],
    ]);
  });
});

describe("GET /api/sites/:siteId/no-result-queries", () => {
  test("lists only queries that found nothing, with how often", async () => {
    const { orgId, key, siteId } = await orgWithSite();
    await recordQueries(ctx, orgId, siteId, [
      { query: "kubernetes", resultCount: 0, times: 3 },
      { query: "kubernetes", resultCount: 2 },
      { query: "docker", resultCount: 0 },
      { query: "install", resultCount: 4, times: 9 },
    ]);
    const res = await ctx.request("GET", `/api/sites/${siteId}/no-result-queries?range=30d`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      siteId,
      range: "30d",
      queries: [
        { query: "kubernetes", count: 3 },
        { query: "docker", count: 1 },
      ],
    });
  });
});

describe("retention", () => {
  test("pruning deletes raw events past the retention while the rollups keep answering", async () => {
    const { orgId, key, siteId } = await orgWithSite();
    await recordQueries(ctx, orgId, siteId, [
      { query: "old", at: utcMidnight(-200) },
      { query: "new", at: utcMidnight(-2) },
    ]);
    const pruned = await ctx.parts.analytics.pruneOldEvents();
    expect(pruned.queryEvents).toBeGreaterThanOrEqual(1);
    expect(await rawEventCount(ctx, siteId)).toBe(1);
    const res = await ctx.request("GET", `/api/analytics?range=365d&siteId=${siteId}`, { key });
    expect(res.body.totalSearches).toBe(2);
  });
});
