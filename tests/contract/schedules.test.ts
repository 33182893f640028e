import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import type { TestContext } from "../fixtures/test-app.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { crawlTestContext, getJob, indexedPaths, newCrawlSite } from "../fixtures/crawl-test-helpers.ts";
import { sites } from "../../server/adapters/postgres/schema.ts";
import { CrawlScheduler } from "../../server/connectors/crawl-scheduler.ts";
import { PostgresScheduleStore } from "../../server/adapters/postgres/schedule-store.ts";
import { verifySignature } from "../../server/connectors/webhook-signature.ts";

let ctx: TestContext;
const stops: Array<() => void> = [];
beforeAll(async () => {
  ctx = await crawlTestContext();
}, 90_000);
afterAll(async () => {
  for (const stop of stops) stop();
  await ctx.close();
});

const HOUR = 3600_000;
const page = (title: string, text: string, links: string[] = []) =>
  `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join("")}</main></body></html>`;
const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "content-type": "text/html; charset=utf-8", ...headers } });

/** Runs the scheduler as if `at` were now, then the crawl it started (if any) to its end. */
async function scheduledRun(at: Date, siteId: string) {
  const { started } = await ctx.parts.schedules.scheduler.tick(at);
  expect(started).toContain(siteId);
  // Other tests' sites may have come due too: run this site's job only.
  const [job] = await ctx.parts.stores.crawlJobs.listForSite(siteId, 1);
  await ctx.runCrawl(job!.id);
}

describe("scheduled recrawls", () => {
  describe("setting a schedule", () => {
    test("shows the next run on the site and is not stale", async () => {
      const org = await ctx.createOrg();
      const res = await ctx.request("POST", "/api/sites", {
        key: org.key,
        body: { name: "S", baseUrl: "http://127.0.0.1:9/", crawlerConfig: { schedule: "0 * * * *" } },
      });
      expect(res.status).toBe(200);
      const site = (await ctx.request("GET", `/api/sites/${res.body.siteId}`, { key: org.key })).body;
      expect(site.crawlerConfig.schedule).toBe("0 * * * *");
      const nextHour = Math.ceil((Date.now() + 1) / HOUR) * 3600;
      expect(site.nextCrawlAt).toBe(nextHour);
      expect(site.stale).toBe(false);
      expect(site.lastScheduledCrawlAt).toBeUndefined();
      // null removes it
      expect((await ctx.request("PUT", `/api/sites/${res.body.siteId}`, { key: org.key, body: { crawlerConfig: { schedule: null } } })).status).toBe(200);
      const cleared = (await ctx.request("GET", `/api/sites/${res.body.siteId}`, { key: org.key })).body;
      expect(cleared.crawlerConfig.schedule).toBeUndefined();
      expect(cleared.nextCrawlAt).toBeUndefined();
    });

    test("refuses an unreadable or too frequent schedule with a 400 and keeps the old one", async () => {
      const org = await ctx.createOrg();
      const res = await ctx.request("POST", "/api/sites", {
        key: org.key,
        body: { name: "S", baseUrl: "http://127.0.0.1:9/", crawlerConfig: { schedule: "0 3 * * *" } },
      });
      for (const schedule of ["every day", "* * * * *", "*/2 * * * *"]) {
        const bad = await ctx.request("PUT", `/api/sites/${res.body.siteId}`, { key: org.key, body: { crawlerConfig: { schedule } } });
        expect(bad.status).toBe(400);
        expect(bad.body.error).toContain("crawlerConfig.schedule");
      }
      expect(
        (await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "T", baseUrl: "http://127.0.0.1:9/", crawlerConfig: { schedule: "nope" } } }))
          .status,
      ).toBe(400);
      const site = (await ctx.request("GET", `/api/sites/${res.body.siteId}`, { key: org.key })).body;
      expect(site.crawlerConfig.schedule).toBe("0 3 * * *");
    });
  });

  describe("several instances ticking at the same moment", () => {
    test("start the due crawl exactly once", async () => {
      const org = await ctx.createOrg();
      const res = await ctx.request("POST", "/api/sites", {
        key: org.key,
        body: { name: "S", baseUrl: "http://127.0.0.1:9/", crawlerConfig: { schedule: "30 * * * *" } },
      });
      const others = Array.from(
        { length: 4 },
        () =>
          new CrawlScheduler({
            store: new PostgresScheduleStore(ctx.db),
            startCrawl: async (orgId, siteId) => (await ctx.parts.crawl.crawl.start(orgId, siteId), true),
            onStale: async () => {},
            log: ctx.services.log,
            queue: ctx.parts.stores.jobQueue,
            workerId: "other instance",
          }),
      );
      const at = new Date(Date.now() + 2 * HOUR);
      const results = await Promise.all(others.map((s) => s.tick(at)));
      expect(results.flatMap((r) => r.started).filter((id) => id === res.body.siteId)).toHaveLength(1);
      const site = (await ctx.request("GET", `/api/sites/${res.body.siteId}`, { key: org.key })).body;
      expect(site.lastScheduledCrawlAt).toBe(Math.floor(at.getTime() / 1000));
      expect(site.nextCrawlAt).toBeGreaterThan(Math.floor(at.getTime() / 1000));
      expect(site.stats.lastCrawlJobId).not.toBeNull();
      // The next tick at the same moment finds nothing due.
      expect((await others[0]!.tick(at)).started).not.toContain(res.body.siteId);
    });
  });

  describe("a site whose pages change between two scheduled runs", () => {
    test("with sitemap lastmod: only the changed page is fetched again", async () => {
      let b = { text: "Beta talks about bees.", lastmod: "2026-01-01" };
      const server: CrawlSite = serveCrawlSite({
        routes: {
          "/": page("Home", "The home page of the garden.", ["/a", "/b", "/c"]),
          "/a": page("Alpha", "Alpha talks about apples."),
          "/b": () => html(page("Beta", b.text)),
          "/c": page("Gamma", "Gamma talks about grapes."),
          "/sitemap.xml": () =>
            new Response(
              `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${["/", "/a", "/c"].map((p) => `<url><loc>${server.origin}${p}</loc><lastmod>2026-01-01</lastmod></url>`).join("")}<url><loc>${server.origin}/b</loc><lastmod>${b.lastmod}</lastmod></url></urlset>`,
              { headers: { "content-type": "application/xml" } },
            ),
        },
      });
      stops.push(server.stop);
      const site = await newCrawlSite(ctx, `${server.origin}/`, { schedule: "0 4 * * *", respectRobotsTxt: false });
      await scheduledRun(new Date(Date.now() + 25 * HOUR), site.siteId);
      expect(await indexedPaths(ctx, site.siteId)).toEqual(["/", "/a", "/b", "/c"]);
      const firstCounts = ["/", "/a", "/b", "/c"].map((p) => server.count(p));
      expect(firstCounts).toEqual([1, 1, 1, 1]);

      b = { text: "Beta now talks about butterflies.", lastmod: new Date(Date.now() + 1000).toISOString() };
      await Bun.sleep(1100);
      await scheduledRun(new Date(Date.now() + 49 * HOUR), site.siteId);
      expect(["/", "/a", "/b", "/c"].map((p) => server.count(p))).toEqual([1, 1, 2, 1]);
      const texts = await ctx.db.execute(sql`SELECT c.text FROM chunks c JOIN pages p ON p.id = c.page_id WHERE p.site_id = ${site.siteId}`);
      expect(JSON.stringify(texts)).toContain("butterflies");
      // Unchanged pages stay indexed: unread is not vanished.
      expect(await indexedPaths(ctx, site.siteId)).toEqual(["/", "/a", "/b", "/c"]);
    }, 30_000);

    test("with ETags: unchanged pages answer 304 and are not read again", async () => {
      const bodies: Record<string, string> = {
        "/": page("Home", "Home of the orchard.", ["/a", "/b"]),
        "/a": page("Alpha", "Apples grow here."),
        "/b": page("Beta", "Bees live here."),
      };
      const full: string[] = [];
      const conditional: string[] = [];
      const server = Bun.serve({
        hostname: "127.0.0.1",
        port: 0,
        fetch(request) {
          const path = new URL(request.url).pathname;
          const body = bodies[path];
          if (!body) return new Response("Not found", { status: 404 });
          const etag = `"${Bun.hash(body).toString(16)}"`;
          if (request.headers.get("if-none-match") === etag) {
            conditional.push(path);
            return new Response(null, { status: 304, headers: { etag } });
          }
          full.push(path);
          return html(body, { etag });
        },
      });
      stops.push(() => server.stop(true));
      const site = await newCrawlSite(ctx, `http://127.0.0.1:${server.port}/`, { schedule: "0 5 * * *", respectRobotsTxt: false });
      await scheduledRun(new Date(Date.now() + 25 * HOUR), site.siteId);
      expect(full.sort()).toEqual(["/", "/a", "/b"]);
      full.length = 0;
      bodies["/a"] = page("Alpha", "Apricots grow here now.");
      await scheduledRun(new Date(Date.now() + 49 * HOUR), site.siteId);
      expect(full).toEqual(["/a"]);
      expect(conditional.sort()).toEqual(["/", "/b"]);
      const job = await getJob(ctx, site, (await ctx.request("GET", `/api/sites/${site.siteId}`, { key: site.key })).body.stats.lastCrawlJobId);
      expect(job).toMatchObject({ status: "completed", pagesProcessed: 1 });
      expect(await indexedPaths(ctx, site.siteId)).toEqual(["/", "/a", "/b"]);
    }, 30_000);
  });

  describe("a site whose last success is older than its schedule allows", () => {
    test("is stale on the API and sends one site.stale event", async () => {
      const received: any[] = [];
      let secret = "";
      const receiver = Bun.serve({
        hostname: "127.0.0.1",
        port: 0,
        async fetch(request) {
          const body = await request.text();
          received.push({ event: JSON.parse(body), valid: verifySignature(secret, body, request.headers.get("x-site-search-signature")) });
          return new Response("ok");
        },
      });
      stops.push(() => receiver.stop(true));
      const org = await ctx.createOrg();
      const hook = await ctx.request("POST", "/api/webhooks", { key: org.key, body: { url: `http://127.0.0.1:${receiver.port}/`, events: ["site.stale"] } });
      secret = hook.body.secret;
      const res = await ctx.request("POST", "/api/sites", {
        key: org.key,
        body: { name: "S", baseUrl: "http://127.0.0.1:9/", crawlerConfig: { schedule: "0 * * * *" } },
      });
      const siteId = res.body.siteId;
      // Created three hours ago and never crawled: two hourly runs have gone by.
      await ctx.db
        .update(sites)
        .set({ createdAt: new Date(Date.now() - 3 * HOUR) })
        .where(eq(sites.id, siteId));
      expect((await ctx.request("GET", `/api/sites/${siteId}`, { key: org.key })).body.stale).toBe(true);
      const first = await ctx.parts.schedules.scheduler.tick(new Date());
      expect(first.stale).toContain(siteId);
      expect((await ctx.parts.schedules.scheduler.tick(new Date())).stale).not.toContain(siteId);
      await ctx.parts.webhooks.dispatcher.drainOnce(org.orgId);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ valid: true, event: { type: "site.stale", data: { siteId, lastCrawledAt: null, schedule: "0 * * * *" } } });
    });
  });
});
