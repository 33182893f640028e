import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { TestContext } from "../fixtures/test-app.ts";
import { createTestContext } from "../fixtures/test-app.ts";
import { crawlOnce, crawlTestContext, indexedPaths, newCrawlSite } from "../fixtures/crawl-test-helpers.ts";
import { sites } from "../../server/adapters/postgres/schema.ts";
import { HttpFetcher } from "../../server/adapters/fetch/http-fetcher.ts";
import { SecretBox } from "../../server/connectors/secret-box.ts";

const SECRETS_KEY = Buffer.alloc(32, 7).toString("base64");
let ctx: TestContext;
const stops: Array<() => void> = [];
beforeAll(async () => {
  ctx = await crawlTestContext({ SECRETS_KEY });
}, 90_000);
afterAll(async () => {
  for (const stop of stops) stop();
  await ctx.close();
});

interface Seen {
  path: string;
  token: string | null;
  authorization: string | null;
  cookie: string | null;
}

/** A loopback server that records the credentials each request carried. */
function serve(hostname: string, handler: (path: string, request: Request) => Response) {
  const seen: Seen[] = [];
  const server = Bun.serve({
    hostname,
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname;
      seen.push({ path, token: request.headers.get("x-token"), authorization: request.headers.get("authorization"), cookie: request.headers.get("cookie") });
      return handler(path, request);
    },
  });
  stops.push(() => server.stop(true));
  return { origin: `http://${hostname}:${server.port}`, seen };
}

const html = (title: string, body: string) =>
  new Response(`<html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`, {
    headers: { "content-type": "text/html" },
  });

describe("protected sites", () => {
  test("are crawled with their header, and a redirect to another host never receives it", async () => {
    const elsewhere = serve("127.0.0.2", () => html("Elsewhere", "<p>Another host entirely.</p>"));
    const site = serve("127.0.0.1", (path, request) => {
      if (request.headers.get("x-token") !== "s3cret") return new Response("Unauthorized", { status: 401 });
      if (path === "/")
        return html("Members", `<p>The members area lists the secret harvest calendar.</p><a href="/calendar">Calendar</a><a href="/away">Away</a>`);
      if (path === "/calendar") return html("Calendar", "<p>Plums are picked in August by members only.</p>");
      if (path === "/away") return new Response(null, { status: 302, headers: { location: `${elsewhere.origin}/landing` } });
      return new Response("Not found", { status: 404 });
    });
    const crawl = await newCrawlSite(ctx, `${site.origin}/`, { respectRobotsTxt: false, auth: { headers: { "X-Token": "s3cret" } } });
    const job = await crawlOnce(ctx, crawl);
    expect(job.status).toBe("completed");
    expect(await indexedPaths(ctx, crawl.siteId)).toEqual(["/", "/calendar"]);
    expect(site.seen.filter((s) => s.path !== "/robots.txt" && s.path !== "/sitemap.xml").every((s) => s.token === "s3cret")).toBe(true);
    expect(elsewhere.seen.every((s) => s.token === null)).toBe(true);
  }, 30_000);

  test("the fetcher drops the credentials on a redirect to another host even when the redirect is followed", async () => {
    const elsewhere = serve("127.0.0.2", () => html("Elsewhere", "<p>Landing page.</p>"));
    const site = serve("127.0.0.1", () => new Response(null, { status: 301, headers: { location: `${elsewhere.origin}/landing` } }));
    const fetcher = new HttpFetcher({ allowPrivateNetworks: true });
    const page = await fetcher.fetch({
      url: `${site.origin}/start`,
      allowRedirect: () => true,
      credentials: { origin: site.origin, headers: { "x-token": "s3cret", authorization: "Basic dTpw", cookie: "session=abc" } },
    });
    expect(page.url).toBe(`${elsewhere.origin}/landing`);
    expect(site.seen[0]).toMatchObject({ token: "s3cret", authorization: "Basic dTpw", cookie: "session=abc" });
    expect(elsewhere.seen).toEqual([{ path: "/landing", token: null, authorization: null, cookie: null }]);
  });

  test("basic auth and cookies reach the site; the API shows them masked and the database holds them sealed", async () => {
    const site = serve("127.0.0.1", (_path, request) =>
      request.headers.get("authorization") === `Basic ${btoa("reader:pa55word")}` && request.headers.get("cookie") === "members=yes"
        ? html("Vault", "<p>The vault keeps the pear grafting notes.</p>")
        : new Response("Unauthorized", { status: 401 }),
    );
    const crawl = await newCrawlSite(ctx, `${site.origin}/`, {
      respectRobotsTxt: false,
      auth: { basic: { username: "reader", password: "pa55word" }, cookie: "members=yes" },
    });
    const detail = (await ctx.request("GET", `/api/sites/${crawl.siteId}`, { key: crawl.key })).body;
    expect(detail.crawlerConfig.auth).toEqual({ basic: { username: "reader", password: "********" }, cookie: "********" });
    const [row] = await ctx.db.select().from(sites).where(eq(sites.id, crawl.siteId));
    expect(JSON.stringify(row)).not.toContain("pa55word");
    expect(JSON.stringify(row)).not.toContain("members=yes");
    expect(row!.crawlerAuth).toStartWith("v1:");
    // Sending the masked settings back (a client saving the whole form) keeps the real secrets.
    await ctx.request("PUT", `/api/sites/${crawl.siteId}`, { key: crawl.key, body: { crawlerConfig: detail.crawlerConfig } });
    const job = await crawlOnce(ctx, crawl);
    expect(job.lastError).toBeNull();
    expect(job.status).toBe("completed");
    expect(await indexedPaths(ctx, crawl.siteId)).toEqual(["/"]);
    // null removes them.
    await ctx.request("PUT", `/api/sites/${crawl.siteId}`, { key: crawl.key, body: { crawlerConfig: { auth: null } } });
    const [cleared] = await ctx.db.select().from(sites).where(eq(sites.id, crawl.siteId));
    expect(cleared!.crawlerAuth).toBeNull();
    expect(cleared!.crawlerConfig.auth).toBeUndefined();
  }, 30_000);

  test("refuses headers the HTTP client owns", async () => {
    const org = await ctx.createOrg();
    const res = await ctx.request("POST", "/api/sites", {
      key: org.key,
      body: { name: "S", baseUrl: "http://127.0.0.1:9/", crawlerConfig: { auth: { headers: { Host: "evil.example" } } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("Host");
  });

  test("cannot be stored without SECRETS_KEY: a clear 400 and nothing stored", async () => {
    const keyless = await createTestContext({}, { embedder: null });
    try {
      const org = await keyless.createOrg();
      const res = await keyless.request("POST", "/api/sites", {
        key: org.key,
        body: { name: "S", baseUrl: "http://127.0.0.1:9/", crawlerConfig: { auth: { cookie: "a=b" } } },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain("SECRETS_KEY");
      expect((await keyless.request("GET", "/api/sites", { key: org.key })).body.sites).toEqual([]);
    } finally {
      await keyless.close();
    }
  }, 90_000);

  describe("follow the origin they were given for", () => {
    const members = (token: string) => (path: string, request: Request) =>
      request.headers.get("x-token") === token ? html("Members", `<p>Members page ${path}.</p>`) : new Response("Unauthorized", { status: 401 });

    test("a base URL moved to another host drops them: that host receives none, even from a member key", async () => {
      const original = serve("127.0.0.1", members("s3cret"));
      const other = serve("127.0.0.2", () => html("Other", "<p>Someone else's server.</p>"));
      const crawl = await newCrawlSite(ctx, `${original.origin}/`, { respectRobotsTxt: false, auth: { headers: { "X-Token": "s3cret" } } });
      const member = await ctx.createKey(crawl.orgId, "member");
      const moved = await ctx.request("PUT", `/api/sites/${crawl.siteId}`, { key: member.key, body: { baseUrl: `${other.origin}/` } });
      expect(moved.status).toBe(200);
      await crawlOnce(ctx, crawl);
      expect(other.seen.length).toBeGreaterThan(0);
      expect(other.seen.every((s) => s.token === null)).toBe(true);
      const detail = (await ctx.request("GET", `/api/sites/${crawl.siteId}`, { key: crawl.key })).body;
      expect(detail.crawlerConfig.auth).toBeUndefined();
      const [row] = await ctx.db.select().from(sites).where(eq(sites.id, crawl.siteId));
      expect(row!.crawlerAuth).toBeNull();
    }, 30_000);

    test("sending the masked settings back with the new base URL does not carry them; new ones in the same request do", async () => {
      const first = serve("127.0.0.1", members("old"));
      const second = serve("127.0.0.2", members("new"));
      const crawl = await newCrawlSite(ctx, `${first.origin}/`, { respectRobotsTxt: false, auth: { headers: { "X-Token": "old" } } });
      const masked = (await ctx.request("GET", `/api/sites/${crawl.siteId}`, { key: crawl.key })).body.crawlerConfig;
      await ctx.request("PUT", `/api/sites/${crawl.siteId}`, { key: crawl.key, body: { baseUrl: `${second.origin}/`, crawlerConfig: masked } });
      await crawlOnce(ctx, crawl);
      expect(second.seen.every((s) => s.token === null)).toBe(true);
      await ctx.request("PUT", `/api/sites/${crawl.siteId}`, {
        key: crawl.key,
        body: { baseUrl: `${second.origin}/`, crawlerConfig: { auth: { headers: { "X-Token": "new" } } } },
      });
      const job = await crawlOnce(ctx, crawl);
      expect(job.status).toBe("completed");
      expect(second.seen.at(-1)!.token).toBe("new");
      expect(await indexedPaths(ctx, crawl.siteId)).toEqual(["/"]);
    }, 30_000);

    test("credentials given for https are never sent over plain http to the same host and port", async () => {
      const site = serve("127.0.0.1", () => html("Plain", "<p>Plain http.</p>"));
      const fetcher = new HttpFetcher({ allowPrivateNetworks: true });
      await fetcher.fetch({
        url: `${site.origin}/start`,
        allowRedirect: () => true,
        credentials: { origin: site.origin.replace("http:", "https:"), headers: { "x-token": "s3cret", authorization: "Basic dTpw", cookie: "session=abc" } },
      });
      expect(site.seen).toEqual([{ path: "/start", token: null, authorization: null, cookie: null }]);
    });

    test("a row sealed before origins were stored still opens, for the site's base URL", async () => {
      const settings = ctx.parts.webhooks.crawlerSettings;
      const box = await SecretBox.fromSetting(SECRETS_KEY);
      const legacy = await box.seal(JSON.stringify({ cookie: "members=yes" }));
      expect(await settings.open(legacy, "https://docs.example.com/guide/")).toEqual({
        origin: "https://docs.example.com",
        headers: { cookie: "members=yes" },
      });
    });
  });
});
