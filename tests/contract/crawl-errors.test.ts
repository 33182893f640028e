// GET /api/jobs/{jobId}/errors read in bulk: pages in URL order with a cursor, counts by kind, filters by kind and by
// a piece of the URL, and the folder most missing pages share with an exclude pattern for it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { TestContext } from "../fixtures/test-app.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { crawlOnce, crawlTestContext, newCrawlSite } from "../fixtures/crawl-test-helpers.ts";

const DEAD = 30;
const BROKEN = 4;
const links = [
  ...Array.from({ length: DEAD }, (_, i) => `/old/de/page-${String(i).padStart(2, "0")}.html`),
  ...Array.from({ length: BROKEN }, (_, i) => `/broken-${i}`),
  "/about.html",
  "/missing.html",
];
const page = (title: string, hrefs: string[]) =>
  `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>${title} has enough words to be indexed as a page of its own.</p>${hrefs.map((h) => `<a href="${h}">${h}</a>`).join(" ")}</body></html>`;

let ctx: TestContext;
let server: CrawlSite;
let site: { key: string; siteId: string };
let jobId = "";
beforeAll(async () => {
  ctx = await crawlTestContext();
  const broken = Object.fromEntries(Array.from({ length: BROKEN }, (_, i) => [`/broken-${i}`, () => new Response("oops", { status: 500 })]));
  server = serveCrawlSite({ routes: { "/": page("Home", links), "/about.html": page("About", []), ...broken } });
  site = await newCrawlSite(ctx, `${server.origin}/`);
  const job = await crawlOnce(ctx, site);
  jobId = job.jobId;
  expect(job.pagesErrored).toBe(DEAD + BROKEN + 1);
}, 60_000);
afterAll(async () => {
  server.stop();
  await ctx.close();
});

const read = (query = "", key = site.key) => ctx.request("GET", `/api/jobs/${jobId}/errors${query}`, { key });

describe("a crawl job's errors", () => {
  test("are counted by kind, most first, with the folder most missing pages share", async () => {
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(DEAD + BROKEN + 1);
    expect(res.body.groups).toEqual([
      { kind: "HTTP 404", count: DEAD + 1 },
      { kind: "HTTP 500", count: BROKEN },
    ]);
    expect(res.body.pattern).toEqual({ kind: "HTTP 404", count: DEAD, prefix: `${server.origin}/old/de/`, exclude: "/old/de/**" });
    expect(res.body.hasMore).toBe(false);
    expect(res.body.nextCursor).toBeNull();
  });

  test("come in pages in URL order, the cursor naming the last address of the page before", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await read(`?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.body.total).toBe(DEAD + BROKEN + 1);
      seen.push(...res.body.errors.map((e: { url: string }) => e.url));
      cursor = res.body.nextCursor;
      if (!res.body.hasMore) break;
    }
    expect(seen).toHaveLength(DEAD + BROKEN + 1);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(seen.length);
  });

  test("are filtered by kind and by a piece of the URL, any case", async () => {
    const broken = await read(`?kind=${encodeURIComponent("HTTP 500")}`);
    expect(broken.body.total).toBe(BROKEN);
    expect(broken.body.errors.every((e: { reason: string }) => e.reason === "HTTP 500")).toBe(true);
    expect(broken.body.groups).toHaveLength(2);
    const searched = await read("?search=PAGE-0");
    expect(searched.body.total).toBe(10);
    expect(searched.body.errors.every((e: { url: string }) => e.url.includes("page-0"))).toBe(true);
  });

  test("refuse a limit out of bounds with a sentence naming it, and stay the organisation's own", async () => {
    const res = await read("?limit=1001");
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("from 1 to 1000");
    const other = await ctx.createOrg("pro");
    expect((await read("", other.key)).status).toBe(404);
  });

  test("name no folder when the missing pages are spread out", async () => {
    const spread = serveCrawlSite({
      routes: {
        "/": page(
          "Home",
          Array.from({ length: 12 }, (_, i) => `/gone-${i}/x.html`),
        ),
      },
    });
    try {
      const other = await newCrawlSite(ctx, `${spread.origin}/`);
      const job = await crawlOnce(ctx, other);
      const res = await ctx.request("GET", `/api/jobs/${job.jobId}/errors`, { key: other.key });
      expect(res.body.groups).toEqual([{ kind: "HTTP 404", count: 12 }]);
      expect(res.body.pattern).toBeNull();
    } finally {
      spread.stop();
    }
  }, 30_000);
});
