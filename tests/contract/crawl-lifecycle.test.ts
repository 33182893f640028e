import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import type { TestContext } from "../fixtures/test-app.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { chunkText, crawlOnce, crawlTestContext, getJob, HTTPD_ROOT, indexedPaths, newCrawlSite, startCrawl, waitFor } from "../fixtures/crawl-test-helpers.ts";

let ctx: TestContext;
const servers: CrawlSite[] = [];
function serve(options: Parameters<typeof serveCrawlSite>[0]): CrawlSite {
  const site = serveCrawlSite(options);
  servers.push(site);
  return site;
}

beforeAll(async () => {
  // A two-second lease: heartbeats every ~660 ms, so a live worker keeps its job through the event-loop stalls of a
  // loaded machine, and a dead worker's job is free again two seconds later.
  // Polling workers claim any pending job of their database: a database of its own keeps other files' jobs out.
  // Two attempts: a job whose worker dies twice is given up.
  ctx = await crawlTestContext({ CRAWL_LEASE_SECONDS: "2", CRAWL_HOST_CONCURRENCY: "2", CRAWL_MAX_ATTEMPTS: "2" }, { ownDatabase: true });
}, 60_000);
afterAll(async () => {
  for (const server of servers) server.stop();
  await ctx.close();
});

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

describe("crawl jobs over time", () => {
  describe("cancelling a running crawl", () => {
    test("leaves the job cancelled and stops the work at once", async () => {
      // Slow pages (two at a time, 500 ms each), so the crawl has twenty-odd requests left when it is cancelled.
      const server = serve({ root: HTTPD_ROOT, delayMs: 500 });
      const site = await newCrawlSite(ctx, `${server.origin}/`);
      const worker = ctx.parts.crawl.newWorker({ pollMs: 50 });
      worker.start();
      try {
        const jobId = await startCrawl(ctx, site);
        await waitFor(
          () => getJob(ctx, site, jobId),
          (job) => job.pagesErrored + job.pagesCrawled >= 5,
        );
        const res = await ctx.request("DELETE", `/api/jobs/${jobId}`, { key: site.key });
        const atCancel = server.requests.length;
        expect(res.status).toBe(200);
        expect(res.body.success).toBe(true);
        expect(res.body.job).toMatchObject({ jobId, status: "cancelled" });
        expect(res.body.job.completedAt).not.toBeNull();
        // This worker runs in another "process" (not the app's), so it learns of the cancel from its heartbeat, every
        // third of the two-second lease. Once it has, the server stays quiet; the requests made meanwhile are those in
        // flight and a few heartbeats' worth (a heartbeat comes late on a loaded machine), far from the crawl's rest.
        const quietBy = Date.now() + 8_000;
        let quiet = false;
        while (!quiet && Date.now() < quietBy) {
          const seen = server.requests.length;
          await Bun.sleep(700);
          quiet = server.requests.length === seen;
        }
        expect(quiet).toBe(true);
        expect(server.requests.length - atCancel).toBeLessThan(14);
        const job = await getJob(ctx, site, jobId);
        expect(job.status).toBe("cancelled");
        expect(job.currentUrl).toBeNull();
        const again = await ctx.request("DELETE", `/api/jobs/${jobId}`, { key: site.key });
        expect(again.status).toBe(200);
      } finally {
        await worker.stop();
      }
    }, 20_000);

    test("stops a job run by this process's own worker without waiting for a heartbeat", async () => {
      const server = serve({ root: HTTPD_ROOT, delayMs: 100 });
      const site = await newCrawlSite(ctx, `${server.origin}/`);
      const jobId = await startCrawl(ctx, site);
      const run = ctx.runCrawl(jobId);
      await waitFor(
        () => getJob(ctx, site, jobId),
        (job) => job.pagesErrored + job.pagesCrawled >= 3,
      );
      await ctx.request("DELETE", `/api/jobs/${jobId}`, { key: site.key });
      expect(await run).toBe("stopped");
      const seen = server.requests.length;
      await Bun.sleep(300);
      expect(server.requests.length).toBe(seen);
      expect((await getJob(ctx, site, jobId)).status).toBe("cancelled");
    }, 20_000);
  });

  describe("a worker dying mid-crawl", () => {
    test("another worker takes the job over when the lease expires and finishes it without refetching done pages", async () => {
      const server = serve({ root: HTTPD_ROOT, delayMs: 40 });
      const site = await newCrawlSite(ctx, `${server.origin}/`);
      const first = ctx.parts.crawl.newWorker({ pollMs: 50 });
      const second = ctx.parts.crawl.newWorker({ pollMs: 100 });
      first.start();
      try {
        const jobId = await startCrawl(ctx, site);
        await waitFor(
          () => getJob(ctx, site, jobId),
          (job) => job.pagesProcessed >= 3,
        );
        await first.stop({ release: false });
        const stoppedAt = Date.now();
        // The test server runs on this thread: a request the dead worker sent just before it stopped can still be
        // logged a few milliseconds later. Let such stragglers land before counting what the second worker fetches.
        await Bun.sleep(100);
        const before = server.requests.length;
        second.start();
        const job = await waitFor(
          () => getJob(ctx, site, jobId),
          (j) => j.status !== "running" && j.status !== "pending",
          40_000,
        );
        expect(job.status).toBe("completed");
        const resumed = server.requests.slice(before);
        expect(resumed[0]!.at - stoppedAt).toBeGreaterThanOrEqual(500);
        expect(await indexedPaths(ctx, site.siteId)).toHaveLength(14);
        // Only the pages in flight when the first worker died may be fetched twice.
        const paths = server.requests.map((r) => r.path).filter((p) => p !== "/robots.txt" && p !== "/sitemap.xml");
        expect(paths.length - new Set(paths).size).toBeLessThanOrEqual(4);
        expect(server.count("/")).toBe(1);
        const attempts = await ctx.parts.stores.crawlJobs.getById(jobId);
        expect(attempts?.attempts).toBe(2);
      } finally {
        await second.stop();
      }
    }, 50_000);
  });

  describe("workers that keep dying", () => {
    test("leave the job failed with the reason, shown on its site, once its attempts run out", async () => {
      const server = serve({ root: HTTPD_ROOT, delayMs: 100 });
      const site = await newCrawlSite(ctx, `${server.origin}/`);
      const jobId = await startCrawl(ctx, site);
      for (const attempt of [1, 2]) {
        const dying = ctx.parts.crawl.newWorker({ pollMs: 50 });
        dying.start();
        await waitFor(
          () => ctx.parts.stores.crawlJobs.getById(jobId),
          (job) => job?.attempts === attempt && job.pagesCrawled + job.pagesErrored >= 1,
        );
        await dying.stop({ release: false });
      }
      const last = ctx.parts.crawl.newWorker({ pollMs: 50 });
      last.start();
      try {
        const job = await waitFor(
          () => getJob(ctx, site, jobId),
          (j) => j.status !== "running" && j.status !== "pending",
        );
        expect(job).toMatchObject({ status: "failed", lastError: "The crawl was interrupted 2 times (worker stopped or restarted) and was given up." });
        const shown = await ctx.request("GET", `/api/sites/${site.siteId}`, { key: site.key });
        expect(shown.body).toMatchObject({ status: "error", lastError: job.lastError });
      } finally {
        await last.stop();
      }
    }, 40_000);
  });

  describe("re-crawling", () => {
    test("skips unchanged pages, removes vanished crawled pages and leaves API pages alone", async () => {
      const server = serve({ root: HTTPD_ROOT });
      const site = await newCrawlSite(ctx, `${server.origin}/`);
      const first = await crawlOnce(ctx, site);
      expect(first.pagesProcessed).toBe(14);
      const pushed = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, {
        key: site.key,
        body: { pages: [{ url: `${server.origin}/pushed-by-api`, content: "Release notes pushed through the ingest API, not linked from the manual." }] },
      });
      expect(pushed.body.processed).toBe(1);
      server.gone.add("/howto/cgi.html");

      const second = await crawlOnce(ctx, site);
      expect(second.status).toBe("completed");
      expect(second.pagesProcessed).toBe(0);
      expect(second.pagesSkipped).toBe(13);
      const indexed = await indexedPaths(ctx, site.siteId);
      expect(indexed).not.toContain("/howto/cgi.html");
      expect(indexed).toContain("/pushed-by-api");
      expect(indexed).toHaveLength(14);
      const res = await ctx.request("GET", `/api/sites/${site.siteId}`, { key: site.key });
      expect(res.body.pageCount).toBe(14);
    }, 40_000);
  });

  describe("javascriptEnabled", () => {
    const app = `<!doctype html><html><head><title>Single-page app</title></head><body><main><h1>Single-page app</h1>
      <p>This shell is served to every visitor, and the interesting part is drawn by a script after the page has loaded.</p>
      <div id="app"></div></main>
      <script>document.getElementById("app").innerHTML = "<h2>Rendered</h2><p>The narwhal migration schedule only exists after scripts run in a browser.</p>";</script>
      </body></html>`;

    test.skipIf(!existsSync(chromium))(
      "finds text drawn by scripts only when pages are rendered",
      async () => {
        const server = serve({ routes: { "/": app } });
        const plain = await newCrawlSite(ctx, `${server.origin}/`, { maxDepth: 0 });
        expect((await crawlOnce(ctx, plain)).status).toBe("completed");
        expect(await chunkText(ctx, plain.siteId)).not.toContain("narwhal");

        const rendered = await newCrawlSite(ctx, `${server.origin}/`, { maxDepth: 0, javascriptEnabled: true });
        const job = await crawlOnce(ctx, rendered);
        expect(job).toMatchObject({ status: "completed", pagesProcessed: 1 });
        expect(await chunkText(ctx, rendered.siteId)).toContain("narwhal migration schedule");
      },
      40_000,
    );
  });
});
