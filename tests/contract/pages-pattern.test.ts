// Delete by pattern runs the URL pattern language in PostgreSQL (or, for a regex PostgreSQL may read differently, in
// pages of URLs): the same table of cases as crawl scope and boosts must give the same answers here.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { urlPatternCases } from "../../server/patterns/url-pattern-cases.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

/** The table's cases on the site's own host, grouped by pattern. */
function casesByPattern(): Map<string, Array<{ url: string; matches: boolean }>> {
  const grouped = new Map<string, Array<{ url: string; matches: boolean }>>();
  for (const [pattern, url, matches] of urlPatternCases) {
    if (new URL(url).host !== "e.com") continue;
    grouped.set(pattern, [...(grouped.get(pattern) ?? []), { url, matches }]);
  }
  return grouped;
}

describe("delete by pattern", () => {
  test("deletes exactly the pages the shared table says the pattern matches", async () => {
    const org = await ctx.createOrg("pro");
    const mismatches: string[] = [];
    for (const [pattern, cases] of casesByPattern()) {
      const site = await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Patterns", baseUrl: "https://e.com" } });
      const path = `/api/sites/${site.body.siteId}/pages`;
      const pages = cases.map((c) => ({ url: c.url, content: `text of ${c.url}` }));
      const ingested = await ctx.request("POST", path, { key: org.key, body: { pages } });
      expect(ingested.status).toBe(200);
      const res = await ctx.request("DELETE", path, { key: org.key, body: { pattern } });
      expect(res.status).toBe(200);
      const left = new Set((await ctx.request("GET", path, { key: org.key })).body.items.map((p: { url: string }) => p.url));
      for (const c of cases) if (left.has(c.url) === c.matches) mismatches.push(`${pattern} on ${c.url}: expected ${c.matches}`);
      expect(res.body.deletedCount).toBe(cases.filter((c) => c.matches).length);
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

describe("page URLs", () => {
  test("pushed pages are stored under the crawler's normal form, and delete by URL takes any spelling", async () => {
    const org = await ctx.createOrg("pro");
    const site = await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Urls", baseUrl: "https://e.com" } });
    const path = `/api/sites/${site.body.siteId}/pages`;
    const spelled = "HTTPS://E.com:443/a/./b?utm_source=x&z=1&a=2#top";
    expect((await ctx.request("POST", path, { key: org.key, body: { pages: [{ url: spelled, content: "text" }] } })).status).toBe(200);
    const listed = (await ctx.request("GET", path, { key: org.key })).body.items.map((p: { url: string }) => p.url);
    expect(listed).toEqual(["https://e.com/a/b?a=2&z=1"]);
    const res = await ctx.request("DELETE", path, { key: org.key, body: { urls: [spelled] } });
    expect(res.body.deletedCount).toBe(1);
  });
});
