// Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused or stripped at the edge,
// and a batch of analytics rows the database refuses loses only the bad rows.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";
import { BatchWriter } from "../../server/analytics/batch-writer.ts";
import type { QueryEventRow } from "../../server/ports/analytics-store.ts";
import type { Logger } from "../../server/logger.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: "error" }, { embedder: null });
}, 180_000);
afterAll(() => ctx.close());

const allowed = { origin: "https://docs.example.com" };

function expectRefused(res: { status: number; body: any }, name: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe("VALIDATION_FAILED");
  expect(res.body.error).toContain(name);
  expect(res.body.error).toContain("cannot be stored");
}

async function topQueries(key: string, siteId: string): Promise<string[]> {
  const res = await ctx.request("GET", `/api/sites/${siteId}/top-queries?range=7d`, { key });
  return res.body.topQueries.map((q: { query: string }) => q.query);
}

describe("text PostgreSQL cannot store", () => {
  describe("in an identifier or a name", () => {
    test("a site name with a NUL is a 400 and no site is created", async () => {
      const { key } = await ctx.createOrg();
      const res = await ctx.request("POST", "/api/sites", { key, body: { name: "a\u0000b", baseUrl: "https://example.com" } });
      expectRefused(res, "name");
      expect((await ctx.request("GET", "/api/sites", { key })).body.sites).toHaveLength(0);
    });

    test("a site id, a job id and a pages cursor with a NUL are 400s", async () => {
      const { key } = await ctx.createOrg();
      const site = await ctx.request("POST", "/api/sites", { key, body: { name: "s", baseUrl: "https://example.com" } });
      expectRefused(await ctx.request("GET", `/api/sites/${site.body.siteId}%00`, { key }), "siteId");
      expectRefused(await ctx.request("GET", "/api/jobs/job_1%00", { key }), "jobId");
      expectRefused(await ctx.request("GET", `/api/sites/${site.body.siteId}/pages?cursor=a%00`, { key }), "cursor");
    });

    test("an unpaired surrogate in a site name is a 400", async () => {
      const { key } = await ctx.createOrg();
      expectRefused(await ctx.request("POST", "/api/sites", { key, rawBody: '{"name":"a\\ud800b","baseUrl":"https://example.com"}' }), "name");
    });

    test("a chat sessionId with a NUL is a 400", async () => {
      const { siteId } = await createPublicSite(ctx, { publicAccess: { chatEnabled: true } });
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { headers: allowed, body: { query: "proxy", sessionId: "s\u0000" } });
      expectRefused(res, "sessionId");
      // The widget on the allowed origin can read the refusal.
      expect(res.headers.get("access-control-allow-origin")).toBe(allowed.origin);
    });

    test("a metadata key with a NUL is refused and the stored page is unchanged", async () => {
      const { key } = await ctx.createOrg();
      const site = await ctx.request("POST", "/api/sites", { key, body: { name: "s", baseUrl: "https://example.com" } });
      const path = `/api/sites/${site.body.siteId}/pages`;
      await ctx.request("POST", path, { key, body: { pages: [{ url: "https://example.com/a", content: "First version of the page." }] } });
      const res = await ctx.request("POST", path, {
        key,
        body: { pages: [{ url: "https://example.com/a", content: "Second.", metadata: { "k\u0000": "v" } }] },
      });
      expectRefused(res, "a key in pages[0].metadata");
      const list = await ctx.request("GET", path, { key });
      expect(list.body.items).toHaveLength(1);
      expect(list.body.items[0].title).not.toContain("Second");
    });
  });

  describe("in free text", () => {
    test("a search query keeps working with the NUL stripped, and every tenant's searches are counted", async () => {
      const a = await createPublicSite(ctx);
      const b = await createPublicSite(ctx);
      await addPages(ctx, a.siteId, docsPages);
      await addPages(ctx, b.siteId, docsPages);
      const bad = await ctx.request("GET", `/v1/public/sites/${a.siteId}/search?q=proxy%00&minScore=0`, { headers: allowed });
      expect(bad.status).toBe(200);
      expect(bad.body.query).toBe("proxy");
      expect((await ctx.request("GET", `/v1/public/sites/${b.siteId}/search?q=install&minScore=0`, { headers: allowed })).status).toBe(200);
      await ctx.parts.analytics.queryRecorder.flush();
      expect(await topQueries(a.key, a.siteId)).toEqual(["proxy"]);
      expect(await topQueries(b.key, b.siteId)).toEqual(["install"]);
    });

    test("page content with a NUL is ingested without it", async () => {
      const { key } = await ctx.createOrg();
      const site = await ctx.request("POST", "/api/sites", { key, body: { name: "s", baseUrl: "https://example.com" } });
      const res = await ctx.request("POST", `/api/sites/${site.body.siteId}/pages`, {
        key,
        body: { pages: [{ url: "https://example.com/a", title: "T\u0000itle", content: "Hello\u0000 world, this is text." }] },
      });
      expect(res.body).toEqual({ processed: 1, skipped: 0, errors: [] });
      const list = await ctx.request("GET", `/api/sites/${site.body.siteId}/pages`, { key });
      expect(list.body.items[0].title).toBe("Title");
    });
  });
});

describe("an analytics batch the database refuses", () => {
  test("is split so that only the bad row is dropped, and the drop is logged", async () => {
    const a = await createPublicSite(ctx);
    const b = await createPublicSite(ctx);
    const lines: string[] = [];
    const log: Logger = { debug() {}, info() {}, warn() {}, error: (msg) => void lines.push(msg) };
    const store = ctx.parts.stores.analytics;
    const writer = new BatchWriter<QueryEventRow>((batch) => store.writeQueryEvents(batch, []), {
      name: "test recorder",
      log,
      retryDelayMs: 1,
      flushIntervalMs: 60_000,
    });
    const row = (orgId: string, siteId: string, query: string): QueryEventRow => ({
      orgId,
      siteId,
      kind: "search",
      query,
      resultCount: 1,
      latencyMs: 3,
      visitorHash: null,
      channel: "public",
      createdAt: new Date(),
    });
    // The recorder strips NULs itself; a row written past it stands for any row the database refuses.
    for (const q of ["alpha", "beta", "gamma"]) writer.push(row(a.orgId, a.siteId, q));
    writer.push(row(a.orgId, a.siteId, "bad\u0000row"));
    for (const q of ["delta", "epsilon"]) writer.push(row(b.orgId, b.siteId, q));
    await writer.flush();
    expect((await topQueries(a.key, a.siteId)).sort()).toEqual(["alpha", "beta", "gamma"]);
    expect((await topQueries(b.key, b.siteId)).sort()).toEqual(["delta", "epsilon"]);
    expect(lines).toEqual(["test recorder: dropped 1 of 6 records the database refused"]);
  });
});
