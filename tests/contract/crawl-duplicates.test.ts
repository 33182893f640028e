import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { TestContext } from "../fixtures/test-app.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { chunkText, crawlOnce, crawlTestContext, HTTPD_ROOT, indexedPaths, newCrawlSite } from "../fixtures/crawl-test-helpers.ts";

const page = (title: string, body: string, head = "") =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;

/** The httpd manual subset, with a home page that reaches each of its pages by several addresses. */
const ROUTES = {
  "/": page(
    "Home",
    ["/howto/index.html", "/howto/", "/copy.html", "/glossary.html", "/mirror/cgi.html", "/howto/cgi.html", "/offsite.html"]
      .map((p) => `<a href="${p}">${p}</a>`)
      .join(" "),
  ),
  "/copy.html": page("Copy", "A printable copy about quokkas.", `<link rel="canonical" href="/glossary.html">`),
  "/offsite.html": page(
    "Syndicated",
    "An article about wombats first published elsewhere.",
    `<link rel="canonical" href="https://elsewhere.example.org/wombats">`,
  ),
  // The same file served at a second path: the same cleaned text.
  "/mirror/cgi.html": () => new Response(readFileSync(`${HTTPD_ROOT}howto/cgi.html`), { headers: { "content-type": "text/html" } }),
};

let ctx: TestContext;
let server: CrawlSite;
let site: Awaited<ReturnType<typeof newCrawlSite>>;
let job: any;
beforeAll(async () => {
  ctx = await crawlTestContext();
  server = serveCrawlSite({ root: HTTPD_ROOT, routes: ROUTES });
  site = await newCrawlSite(ctx, `${server.origin}/`, { maxDepth: 1 });
  job = await crawlOnce(ctx, site);
}, 40_000);
afterAll(async () => {
  server.stop();
  await ctx.close();
});

const detail = (path: string) => ctx.request("GET", `/api/sites/${site.siteId}/page?url=${encodeURIComponent(server.origin + path)}`, { key: site.key });
const aliasPaths = async (path: string) => ((await detail(path)).body.aliases as string[]).map((url) => new URL(url).pathname);

describe("a crawl reaching a page by several addresses", () => {
  test("completes", () => {
    expect(job.status).toBe("completed");
  });

  test("stores a directory URL and its index file once, under the directory URL", async () => {
    const indexed = await indexedPaths(ctx, site.siteId);
    expect(indexed).toContain("/howto/");
    expect(indexed).not.toContain("/howto/index.html");
    expect(await aliasPaths("/howto/")).toEqual(["/howto/index.html"]);
    expect((await detail("/howto/index.html")).body.url).toBe(`${server.origin}/howto/`);
  });

  test("stores a page under its canonical URL with the copy as an alias, keeping the canonical page's own content", async () => {
    const indexed = await indexedPaths(ctx, site.siteId);
    expect(indexed).toContain("/glossary.html");
    expect(indexed).not.toContain("/copy.html");
    expect(await aliasPaths("/glossary.html")).toEqual(["/copy.html"]);
    expect(await chunkText(ctx, site.siteId)).not.toContain("quokkas");
  });

  test("ignores a canonical link pointing off the site", async () => {
    expect(await indexedPaths(ctx, site.siteId)).toContain("/offsite.html");
    expect(await aliasPaths("/offsite.html")).toEqual([]);
  });

  test("stores identical text once, the other address as its alias", async () => {
    const indexed = await indexedPaths(ctx, site.siteId);
    const stored = ["/howto/cgi.html", "/mirror/cgi.html"].filter((p) => indexed.includes(p));
    expect(stored).toHaveLength(1);
    const other = stored[0] === "/howto/cgi.html" ? "/mirror/cgi.html" : "/howto/cgi.html";
    expect(await aliasPaths(stored[0]!)).toEqual([other]);
  });

  test("a second crawl keeps one page per page, and removing the directory URL keeps the page under its index file", async () => {
    const again = await crawlOnce(ctx, site);
    expect(again.status).toBe("completed");
    const indexed = await indexedPaths(ctx, site.siteId);
    expect(indexed.filter((p) => p.startsWith("/howto/") || p.startsWith("/mirror/"))).toHaveLength(2);
    expect(indexed).not.toContain("/copy.html");
    const res = await ctx.request("DELETE", `/api/sites/${site.siteId}/pages`, { key: site.key, body: { url: `${server.origin}/howto/` } });
    expect(res.body.deletedCount).toBe(1);
    expect((await detail("/howto/index.html")).body).toMatchObject({ url: `${server.origin}/howto/index.html`, aliases: [] });
  });
});
