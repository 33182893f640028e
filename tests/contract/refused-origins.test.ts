// A refused origin is told, in a sentence it can read, which origin was refused and which setting admits it; the site
// keeps the origins it refused lately for its owner, each with the Allowed domains entry that admits it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "" }, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

const refused = "http://localhost:5173";

async function site() {
  const created = await createPublicSite(ctx, { publicAccess: { chatEnabled: true } });
  await addPages(ctx, created.siteId, docsPages);
  return created;
}

describe("a refused origin", () => {
  test("reads a 403 that names the origin and Allowed domains, with CORS headers and no results", async () => {
    const { siteId } = await site();
    const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, { headers: { origin: refused } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "http://localhost:5173 is not allowed to use this site's search; add it under Allowed domains.",
      code: "ORIGIN_NOT_ALLOWED",
      requestId: expect.any(String),
    });
    expect(res.headers.get("access-control-allow-origin")).toBe(refused);
    expect(res.headers.get("vary")).toBe("Origin");
  });

  test("chat names chat; its preflight stays refused without an allow-origin", async () => {
    const { siteId } = await site();
    const chat = await ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { body: { query: "proxy?" }, headers: { origin: refused } });
    expect(chat.status).toBe(403);
    expect(chat.body.error).toBe("http://localhost:5173 is not allowed to use this site's chat; add it under Allowed domains.");
    const preflight = await ctx.request("OPTIONS", `/v1/public/sites/${siteId}/chat`, { headers: { origin: refused } });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the refused origins of a site", () => {
  test("lists each origin once with its count, and Allow (its domain added) takes it off the list and lets it search", async () => {
    const { key, siteId } = await site();
    for (const origin of [refused, refused, "https://staging.example.org"]) {
      await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, { headers: { origin } });
    }
    const before = await ctx.request("GET", `/api/sites/${siteId}/refused-origins`, { key });
    expect(before.status).toBe(200);
    const byOrigin = Object.fromEntries(before.body.origins.map((o: any) => [o.origin, o]));
    expect(Object.keys(byOrigin).sort()).toEqual([refused, "https://staging.example.org"]);
    expect(byOrigin[refused]).toEqual({ origin: refused, domain: "localhost:5173", count: 2, firstSeenAt: expect.any(Number), lastSeenAt: expect.any(Number) });
    expect(byOrigin["https://staging.example.org"].domain).toBe("staging.example.org");

    const detail = await ctx.request("GET", `/api/sites/${siteId}`, { key });
    const allowedDomains = [...detail.body.publicAccess.allowedDomains, byOrigin[refused].domain];
    expect((await ctx.request("PUT", `/api/sites/${siteId}`, { key, body: { publicAccess: { allowedDomains } } })).status).toBe(200);

    const after = await ctx.request("GET", `/api/sites/${siteId}/refused-origins`, { key });
    expect(after.body.origins.map((o: any) => o.origin)).toEqual(["https://staging.example.org"]);
    const search = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, { headers: { origin: refused } });
    expect(search.status).toBe(200);
  });

  test("keeps the 20 most recently seen, and no origin that is not a web origin", async () => {
    const { key, siteId } = await site();
    for (let i = 0; i < 23; i++) {
      await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, { headers: { origin: `https://p${i}.example.org` } });
    }
    await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, { headers: { origin: "null" } });
    const list = await ctx.request("GET", `/api/sites/${siteId}/refused-origins`, { key });
    expect(list.body.origins).toHaveLength(20);
    expect(list.body.origins.map((o: any) => o.origin)).not.toContain("https://p0.example.org");
    expect(list.body.origins.map((o: any) => o.origin)).toContain("https://p22.example.org");
  });

  test("is another organisation's 404", async () => {
    const { siteId } = await site();
    const other = await ctx.createOrg();
    expect((await ctx.request("GET", `/api/sites/${siteId}/refused-origins`, { key: other.key })).status).toBe(404);
  });
});
