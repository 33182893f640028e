// The reads the dashboard's management screens need: one page with its chunks and their embedding state,
// a site's crawl job history, and a job's failed addresses with their reasons.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { TestContext } from "../fixtures/test-app.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { crawlOnce, crawlTestContext, HTTPD_ROOT, newCrawlSite } from "../fixtures/crawl-test-helpers.ts";
import { EmbeddingStore } from "../../server/adapters/postgres/embedding-store.ts";
import { chunks } from "../../server/adapters/postgres/schema.ts";
import { eq } from "drizzle-orm";

let ctx: TestContext;
let server: CrawlSite;
beforeAll(async () => {
  ctx = await crawlTestContext();
  server = serveCrawlSite({ root: HTTPD_ROOT, gone: ["/glossary.html"] });
}, 60_000);
afterAll(async () => {
  server.stop();
  await ctx.close();
});

const PAGE = `<!doctype html><html><head><title>Modules</title></head><body><main><h1>Modules</h1>
  <h2>Loading</h2><p>${"LoadModule reads a shared object when the server starts. ".repeat(30)}</p>
  <h2>Unloading</h2><p>${"Removing the directive unloads the module at the next restart. ".repeat(30)}</p></main></body></html>`;

describe("GET /api/sites/{siteId}/page", () => {
  test("answers the page's fields and its chunks by section, each saying whether it is embedded", async () => {
    const site = await newCrawlSite(ctx, "https://docs.example.com/");
    const url = "https://docs.example.com/modules";
    const body = { pages: [{ url, content: PAGE, tags: ["mods"], metadata: { version: "2.4" } }] };
    await ctx.request("POST", `/api/sites/${site.siteId}/pages`, { key: site.key, body });
    const path = `/api/sites/${site.siteId}/page?url=${encodeURIComponent(url)}`;
    const before = await ctx.request("GET", path, { key: site.key });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ url, title: "Modules", tags: ["mods"], metadata: { version: "2.4" }, source: "api" });
    const sections = before.body.chunks.map((c: any) => c.headingPath.at(-1));
    expect(sections).toContain("Loading");
    expect(sections).toContain("Unloading");
    expect(before.body.chunks.map((c: any) => c.position)).toEqual([...before.body.chunks.map((c: any) => c.position)].sort((a, b) => a - b));
    expect(before.body.chunks.every((c: any) => c.embedded === false && c.embeddedAt === null)).toBe(true);

    // The embedding queue gives one chunk its vector: only that one turns embedded.
    const first = before.body.chunks[0];
    const [row] = await ctx.db.select({ contentHash: chunks.contentHash }).from(chunks).where(eq(chunks.id, first.chunkId));
    await new EmbeddingStore(ctx.db).save([{ id: first.chunkId, siteId: site.siteId, contentHash: row!.contentHash, vector: [0.6, 0.8, 0] }], "test-model");
    const after = await ctx.request("GET", path, { key: site.key });
    expect(after.body.chunks.map((c: any) => c.embedded)).toEqual(before.body.chunks.map((_: unknown, i: number) => i === 0));
    expect(Number.isInteger(after.body.chunks[0].embeddedAt)).toBe(true);
  });

  test("is 404 for a URL the site does not hold, 400 without a url, and refused to another organisation", async () => {
    const site = await newCrawlSite(ctx, "https://docs.example.com/");
    const other = await ctx.createOrg("pro");
    const missing = encodeURIComponent("https://docs.example.com/none");
    expect((await ctx.request("GET", `/api/sites/${site.siteId}/page?url=${missing}`, { key: site.key })).status).toBe(404);
    expect((await ctx.request("GET", `/api/sites/${site.siteId}/page`, { key: site.key })).status).toBe(400);
    expect((await ctx.request("GET", `/api/sites/${site.siteId}/page?url=x`, { key: other.key })).status).toBe(404);
  });
});

describe("crawl job history and errors", () => {
  test("lists the site's jobs newest first, and each failed address of a job with its reason", async () => {
    const site = await newCrawlSite(ctx, `${server.origin}/`, { maxPages: 30 });
    const first = await crawlOnce(ctx, site);
    const second = await crawlOnce(ctx, site);
    const history = await ctx.request("GET", `/api/sites/${site.siteId}/jobs`, { key: site.key });
    expect(history.status).toBe(200);
    expect(history.body.jobs.map((j: any) => j.jobId)).toEqual([second.jobId, first.jobId]);
    expect(history.body.jobs[1]).toEqual(first);
    expect((await ctx.request("GET", `/api/sites/${site.siteId}/jobs?limit=1`, { key: site.key })).body.jobs).toHaveLength(1);
    expect((await ctx.request("GET", `/api/sites/${site.siteId}/jobs?limit=0`, { key: site.key })).status).toBe(400);

    const errors = await ctx.request("GET", `/api/jobs/${first.jobId}/errors`, { key: site.key });
    expect(errors.status).toBe(200);
    expect(errors.body.errors).toContainEqual({ url: `${server.origin}/glossary.html`, reason: "HTTP 404" });
    expect(errors.body.errors.length).toBe(first.pagesErrored);
  }, 60_000);

  test("another organisation sees neither the history nor the errors", async () => {
    const site = await newCrawlSite(ctx, `${server.origin}/`, { maxPages: 2 });
    const job = await crawlOnce(ctx, site);
    const other = await ctx.createOrg("pro");
    expect((await ctx.request("GET", `/api/sites/${site.siteId}/jobs`, { key: other.key })).status).toBe(404);
    expect((await ctx.request("GET", `/api/jobs/${job.jobId}/errors`, { key: other.key })).status).toBe(404);
  }, 30_000);
});
