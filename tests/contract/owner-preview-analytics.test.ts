// The owner trying a site from the dashboard (playground, widget preview, chat try-out) is not a visitor: those
// searches, answers and clicks stay out of analytics, while the same requests from the site's pages count.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { accountEnv, userInNewOrg } from "../fixtures/accounts.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(accountEnv);
}, 120_000);
afterAll(() => ctx.close());

const page = { url: "https://docs.example.com/install", title: "Installing", content: "<h1>Installing</h1><p>Run the installer to install the agent.</p>" };
/** What a browser sends from the dashboard's own pages: its own origin, its session cookie, and no Referer (no-referrer). */
const dashboardPage = { "sec-fetch-site": "same-origin", origin: "http://localhost", cookie: "site_search_session=abc" };
const visitorPage = { origin: "https://docs.example.com", referer: "https://docs.example.com/guide", "sec-fetch-site": "cross-site" };

async function siteWithPage() {
  const org = await ctx.createOrg("pro");
  const site = await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl: "https://docs.example.com" } });
  const siteId = site.body.siteId as string;
  await ctx.request("PUT", `/api/sites/${siteId}`, {
    key: org.key,
    body: { publicAccess: { searchEnabled: true, chatEnabled: true, allowedDomains: ["docs.example.com", "localhost"] } },
  });
  await ctx.request("POST", `/api/sites/${siteId}/pages`, { key: org.key, body: { pages: [page] } });
  return { ...org, siteId };
}

async function counted(key: string, siteId: string): Promise<{ searches: number; chats: number }> {
  await ctx.parts.analytics.queryRecorder.flush();
  const res = await ctx.request("GET", `/api/analytics?range=24h&siteId=${siteId}`, { key });
  return { searches: res.body.totalSearches, chats: res.body.totalChats };
}

describe("analytics and the owner's own tries", () => {
  test("a search and a question from the dashboard's pages are answered but not counted", async () => {
    const { key, siteId } = await siteWithPage();
    const search = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=installer`, { headers: dashboardPage });
    expect(search.status).toBe(200);
    expect(search.body.results.length).toBeGreaterThan(0);
    const chat = await ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { headers: dashboardPage, body: { query: "How do I install the agent?" } });
    expect(chat.status).toBe(200);
    const click = await ctx.request("POST", `/v1/public/sites/${siteId}/click`, {
      headers: { ...dashboardPage, "content-type": "text/plain" },
      rawBody: JSON.stringify({ query: "installer", url: page.url, position: 0 }),
    });
    expect(click.status).toBe(204);
    expect(await counted(key, siteId)).toEqual({ searches: 0, chats: 0 });
  });

  test("a visitor of a site that serves the service under its own origin is counted", async () => {
    const { key, siteId } = await siteWithPage();
    const proxied = { "sec-fetch-site": "same-origin", origin: "http://localhost" };
    expect((await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=installer`, { headers: proxied })).status).toBe(200);
    expect(await counted(key, siteId)).toEqual({ searches: 1, chats: 0 });
  });

  test("the same search from a page of the site is counted", async () => {
    const { key, siteId } = await siteWithPage();
    expect((await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=installer`, { headers: visitorPage })).status).toBe(200);
    expect(
      (await ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { headers: visitorPage, body: { query: "How do I install the agent?" } })).status,
    ).toBe(200);
    expect(await counted(key, siteId)).toEqual({ searches: 1, chats: 1 });
  });

  test("the playground's search with a dashboard session is not counted; the same search with an API key is", async () => {
    const { key, siteId } = await siteWithPage();
    const body = { query: "installer" };
    expect((await ctx.request("POST", `/api/sites/${siteId}/search`, { key, body })).status).toBe(200);
    expect(await counted(key, siteId)).toEqual({ searches: 1, chats: 0 });

    const owner = await userInNewOrg(ctx);
    const own = await ctx.request("POST", "/api/sites", { headers: owner.browser(), body: { name: "Mine", baseUrl: "https://docs.example.com" } });
    const ownSite = own.body.siteId as string;
    await ctx.request("POST", `/api/sites/${ownSite}/pages`, { headers: owner.browser(), body: { pages: [page] } });
    const played = await ctx.request("POST", `/api/sites/${ownSite}/search`, { headers: owner.browser(), body });
    expect(played.status).toBe(200);
    await ctx.parts.analytics.queryRecorder.flush();
    const res = await ctx.request("GET", `/api/analytics?range=24h&siteId=${ownSite}`, { headers: owner.browser() });
    expect(res.body.totalSearches).toBe(0);
  });
});
