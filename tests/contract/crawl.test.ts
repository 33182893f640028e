import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { TestContext } from "../fixtures/test-app.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { chunkText, crawlOnce, crawlTestContext, getJob, HTTPD_ROOT, indexedPaths, newCrawlSite, startCrawl } from "../fixtures/crawl-test-helpers.ts";

/** Every page of the subset that a link reaches from the home page (rewrite/htaccess.html and faq/ have no inbound links). */
const LINKED_PAGES = [
  "/",
  "/getting-started.html",
  "/glossary.html",
  "/howto/",
  "/howto/auth.html",
  "/howto/cgi.html",
  "/howto/htaccess.html",
  "/mod/",
  "/mod/mod_alias.html",
  "/mod/mod_dir.html",
  "/mod/mod_rewrite.html",
  "/rewrite/",
  "/sitemap.html",
  "/urlmapping.html",
];

let ctx: TestContext;
const servers: CrawlSite[] = [];
function serve(options: Parameters<typeof serveCrawlSite>[0]): CrawlSite {
  const site = serveCrawlSite(options);
  servers.push(site);
  return site;
}

beforeAll(async () => {
  ctx = await crawlTestContext();
}, 60_000);
afterAll(async () => {
  for (const server of servers) server.stop();
  await ctx.close();
});

const pagePaths = (server: CrawlSite) => server.requests.map((r) => r.path).filter((p) => p !== "/robots.txt" && p !== "/sitemap.xml");

describe("crawler", () => {
  describe("a crawl of the httpd manual subset", () => {
    let server: CrawlSite;
    let site: Awaited<ReturnType<typeof newCrawlSite>>;
    let job: any;
    beforeAll(async () => {
      server = serve({ root: HTTPD_ROOT });
      site = await newCrawlSite(ctx, `${server.origin}/`);
      job = await crawlOnce(ctx, site);
    }, 60_000);

    test("completes and indexes every linked page", async () => {
      expect(job.status).toBe("completed");
      expect(job.lastError).toBeNull();
      expect(job.completedAt).toBeGreaterThanOrEqual(job.startedAt);
      expect(await indexedPaths(ctx, site.siteId)).toEqual(LINKED_PAGES);
      expect(job.pagesCrawled).toBe(LINKED_PAGES.length);
      expect(job.pagesProcessed).toBe(LINKED_PAGES.length);
      expect(job.pagesSkipped).toBe(0);
    });

    test("counts dead links in pagesErrored without failing", () => {
      expect(job.pagesErrored).toBeGreaterThan(100);
      expect(job.errors).toBeGreaterThanOrEqual(job.pagesErrored);
      expect(job.pagesDiscovered).toBe(job.pagesCrawled + job.pagesErrored + job.pagesSkipped);
      expect(server.count("/mod/mod_tls.html")).toBe(1);
    });

    test("fetches no address twice", () => {
      const paths = pagePaths(server);
      expect(new Set(paths).size).toBe(paths.length);
    });

    test("keeps menus, breadcrumbs, language bar and footer out of the chunks", async () => {
      const text = await chunkText(ctx, site.siteId);
      expect(text).toContain("Dynamic Content with CGI");
      for (const chrome of [
        "Available Languages",
        "Copyright 2024 The Apache Software Foundation",
        "Modules | Directives | FAQ",
        "How-To / Tutorials",
        "prettyPrint",
      ]) {
        expect(text).not.toContain(chrome);
      }
    });

    test("leaves the site ready with its page count and crawl time", async () => {
      const res = await ctx.request("GET", `/api/sites/${site.siteId}`, { key: site.key });
      expect(res.body).toMatchObject({ status: "ready", pageCount: LINKED_PAGES.length, lastError: null });
      expect(res.body.lastCrawledAt).toBeGreaterThanOrEqual(job.startedAt);
    });
  });

  describe("starting", () => {
    test("a second start while a crawl is pending answers 409", async () => {
      const server = serve({ root: HTTPD_ROOT });
      const site = await newCrawlSite(ctx, `${server.origin}/`, { maxDepth: 0 });
      const jobId = await startCrawl(ctx, site);
      const again = await ctx.request("POST", `/api/sites/${site.siteId}/crawl`, { key: site.key });
      expect(again.status).toBe(409);
      expect(typeof again.body.error).toBe("string");
      await ctx.runCrawl(jobId);
      expect((await getJob(ctx, site, jobId)).status).toBe("completed");
      const third = await ctx.request("POST", `/api/sites/${site.siteId}/crawl`, { key: site.key });
      expect(third.status).toBe(200);
      await ctx.runCrawl(third.body.jobId);
    });
  });

  describe("limits", () => {
    test("maxDepth 0 fetches the base URL only", async () => {
      const server = serve({ root: HTTPD_ROOT });
      const site = await newCrawlSite(ctx, `${server.origin}/`, { maxDepth: 0 });
      const job = await crawlOnce(ctx, site);
      expect(job).toMatchObject({ status: "completed", pagesDiscovered: 1, pagesCrawled: 1, pagesProcessed: 1 });
      expect(pagePaths(server)).toEqual(["/"]);
    });

    test("maxDepth 1 stops at the pages the base URL links to", async () => {
      const server = serve({ root: HTTPD_ROOT });
      const site = await newCrawlSite(ctx, `${server.origin}/howto/`, { maxDepth: 1 });
      const job = await crawlOnce(ctx, site);
      expect(job.status).toBe("completed");
      expect(await indexedPaths(ctx, site.siteId)).toEqual(["/howto/", "/howto/auth.html", "/howto/cgi.html", "/howto/htaccess.html"]);
    });

    test("maxPages caps the addresses fetched", async () => {
      const server = serve({ root: HTTPD_ROOT });
      const site = await newCrawlSite(ctx, `${server.origin}/`, { maxPages: 5 });
      const job = await crawlOnce(ctx, site);
      expect(job.status).toBe("completed");
      expect(job.pagesCrawled + job.pagesErrored + job.pagesSkipped).toBe(5);
      expect(pagePaths(server)).toHaveLength(5);
    });
  });

  describe("scope", () => {
    test("stays under the base URL's path", async () => {
      const server = serve({ root: HTTPD_ROOT });
      const site = await newCrawlSite(ctx, `${server.origin}/mod/`);
      await crawlOnce(ctx, site);
      expect(await indexedPaths(ctx, site.siteId)).toEqual(["/mod/", "/mod/mod_alias.html", "/mod/mod_dir.html", "/mod/mod_rewrite.html"]);
      expect(pagePaths(server).every((p) => p.startsWith("/mod/"))).toBe(true);
    });

    test("include patterns choose what is indexed; the base URL is still read for its links", async () => {
      const server = serve({ root: HTTPD_ROOT });
      const site = await newCrawlSite(ctx, `${server.origin}/`, { includePatterns: ["/howto/**"] });
      const job = await crawlOnce(ctx, site);
      expect(job.status).toBe("completed");
      expect(await indexedPaths(ctx, site.siteId)).toEqual(["/howto/", "/howto/auth.html", "/howto/cgi.html", "/howto/htaccess.html"]);
      expect(pagePaths(server).filter((p) => !p.startsWith("/howto/"))).toEqual(["/"]);
    });

    test("exclude patterns keep addresses from being fetched at all", async () => {
      const server = serve({ root: HTTPD_ROOT });
      const site = await newCrawlSite(ctx, `${server.origin}/`, { excludePatterns: ["/mod/**", "glossary.html"] });
      await crawlOnce(ctx, site);
      const indexed = await indexedPaths(ctx, site.siteId);
      expect(indexed).toContain("/howto/cgi.html");
      expect(indexed.filter((p) => p.startsWith("/mod/") || p.endsWith("glossary.html"))).toEqual([]);
      expect(pagePaths(server).filter((p) => p.startsWith("/mod/") || p.endsWith("glossary.html"))).toEqual([]);
    });
  });

  describe("robots.txt", () => {
    test("disallowed paths are never fetched, and its sitemaps seed the crawl", async () => {
      const server: CrawlSite = serve({
        root: HTTPD_ROOT,
        routes: {
          "/robots.txt": () => new Response(`User-agent: *\nDisallow: /howto/\n\nSitemap: ${server.origin}/extra-sitemap.xml\n`),
          "/extra-sitemap.xml": () =>
            new Response(
              `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${server.origin}/rewrite/htaccess.html</loc></url></urlset>`,
              { headers: { "content-type": "application/xml" } },
            ),
        },
      });
      const site = await newCrawlSite(ctx, `${server.origin}/`);
      const job = await crawlOnce(ctx, site);
      expect(job.status).toBe("completed");
      const indexed = await indexedPaths(ctx, site.siteId);
      expect(indexed).toContain("/rewrite/htaccess.html");
      expect(indexed.filter((p) => p.startsWith("/howto/"))).toEqual([]);
      expect(server.requests.filter((r) => r.path.startsWith("/howto/"))).toEqual([]);
    });

    test("Crawl-delay spaces the requests out", async () => {
      const server = serve({ root: HTTPD_ROOT, routes: { "/robots.txt": "User-agent: *\nCrawl-delay: 1\n" } });
      const site = await newCrawlSite(ctx, `${server.origin}/`, { maxPages: 3 });
      await crawlOnce(ctx, site);
      const pages = server.requests.filter((r) => r.path !== "/robots.txt" && r.path !== "/sitemap.xml");
      expect(pages).toHaveLength(3);
      // The crawler waits a second between its sends; the fixture notes each arrival, which a busy machine can delay
      // by tens of milliseconds for one request and not the next. Without the delay they arrive milliseconds apart.
      for (let i = 1; i < pages.length; i++) expect(pages[i]!.at - pages[i - 1]!.at).toBeGreaterThanOrEqual(800);
    }, 15_000);

    test("a robots.txt that forbids everything fails the job and puts the site in error", async () => {
      const server = serve({ root: HTTPD_ROOT, routes: { "/robots.txt": "User-agent: *\nDisallow: /\n" } });
      const site = await newCrawlSite(ctx, `${server.origin}/`);
      const job = await crawlOnce(ctx, site);
      expect(job.status).toBe("failed");
      expect(job.lastError).toContain("robots.txt");
      expect(pagePaths(server)).toEqual([]);
      const res = await ctx.request("GET", `/api/sites/${site.siteId}`, { key: site.key });
      expect(res.body).toMatchObject({ status: "error", lastError: job.lastError });
    });

    test("respectRobotsTxt false crawls anyway", async () => {
      const server = serve({ root: HTTPD_ROOT, routes: { "/robots.txt": "User-agent: *\nDisallow: /\n" } });
      const site = await newCrawlSite(ctx, `${server.origin}/`, { respectRobotsTxt: false, maxDepth: 0 });
      const job = await crawlOnce(ctx, site);
      expect(job).toMatchObject({ status: "completed", pagesProcessed: 1 });
    });
  });

  describe("robots meta, canonical links and content types", () => {
    const page = (title: string, body: string, head = "") =>
      `<!doctype html><html><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>${body}</p><p>${title} is a page of the robots meta fixture, written out at some length so the cleaner keeps it as the main content of the page.</p></main></body></html>`;
    let server: CrawlSite;
    let site: Awaited<ReturnType<typeof newCrawlSite>>;
    let job: any;
    beforeAll(async () => {
      server = serve({
        routes: {
          "/": page(
            "Home",
            ["/hidden", "/sealed", "/copy", "/dup-a", "/dup-b", "/tagged", "/archive.zip", "/notes.txt"].map((p) => `<a href="${p}">${p}</a>`).join(" "),
          ),
          "/hidden": page("Hidden", `<a href="/behind-hidden">onwards</a>`, `<meta name="robots" content="noindex">`),
          "/behind-hidden": page("Behind hidden", "Reached through a noindex page."),
          "/sealed": page("Sealed", `<a href="/behind-sealed">onwards</a>`, `<meta name="robots" content="noindex, nofollow">`),
          "/behind-sealed": page("Behind sealed", "Never reached."),
          "/copy": page("Copy", "Canonical copy text about quokkas.", `<link rel="canonical" href="/original">`),
          "/original": page("Original", "Never fetched: its copy stands in for it."),
          "/dup-a": page("Duplicate", "Same article twice.", `<link rel="canonical" href="/dup-b">`),
          "/dup-b": page("Duplicate", "Same article twice.", `<link rel="canonical" href="/dup-b">`),
          "/tagged": () => new Response(page("Tagged", "Header says noindex."), { headers: { "content-type": "text/html", "x-robots-tag": "noindex" } }),
          "/archive.zip": () => new Response("PK binary", { headers: { "content-type": "application/zip" } }),
          "/notes.txt": "Plain text notes about wombats and their burrows, indexed as they are.",
        },
      });
      site = await newCrawlSite(ctx, `${server.origin}/`);
      job = await crawlOnce(ctx, site);
    }, 60_000);

    test("noindex pages are not indexed but their links are followed; nofollow stops that", async () => {
      const indexed = await indexedPaths(ctx, site.siteId);
      expect(indexed).toContain("/behind-hidden");
      expect(indexed).not.toContain("/hidden");
      expect(indexed).not.toContain("/sealed");
      expect(indexed).not.toContain("/tagged");
      expect(server.count("/behind-sealed")).toBe(0);
    });

    test("a page is indexed under its canonical URL, which is not fetched again", async () => {
      const indexed = await indexedPaths(ctx, site.siteId);
      expect(indexed).toContain("/original");
      expect(indexed).not.toContain("/copy");
      expect(server.count("/original")).toBe(0);
      expect(await chunkText(ctx, site.siteId)).toContain("quokkas");
      expect(indexed.filter((p) => p.startsWith("/dup-"))).toEqual(["/dup-b"]);
      expect(server.count("/dup-b")).toBe(1);
    });

    test("only HTML and plain text are indexed; other types are skipped, not errors", async () => {
      const indexed = await indexedPaths(ctx, site.siteId);
      expect(indexed).toContain("/notes.txt");
      expect(indexed).not.toContain("/archive.zip");
      expect(job.status).toBe("completed");
      expect(job.pagesErrored).toBe(0);
      expect(indexed).toEqual(["/", "/behind-hidden", "/dup-b", "/notes.txt", "/original"]);
    });
  });

  describe("an unreachable base URL", () => {
    test("fails the job and puts the site in error with the reason", async () => {
      const closed = serveCrawlSite({});
      closed.stop();
      const site = await newCrawlSite(ctx, `${closed.origin}/docs/`);
      const job = await crawlOnce(ctx, site);
      expect(job.status).toBe("failed");
      expect(job.lastError).toContain("could not be reached");
      expect(job.completedAt).not.toBeNull();
      const res = await ctx.request("GET", `/api/sites/${site.siteId}`, { key: site.key });
      expect(res.body).toMatchObject({ status: "error", lastError: job.lastError });
    });
  });
});
