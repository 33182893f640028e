// The two speeds of public search: the instant one while the visitor types (keywords, the last word as a prefix,
// completions in the answer, a quarter of a token) and the full one; and the visitor's token bucket that both take from.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";
import { Limits } from "../../shared/limits.ts";

let now = 1_800_000_000;
let ctx: TestContext;
beforeAll(async () => {
  // Keyword search only: the instant path never embeds, and the bucket is what the rest is about.
  ctx = await createTestContext({}, { embedder: null, clock: () => now });
}, 60_000);
afterAll(() => ctx.close());

const allowed = { origin: "https://docs.example.com" };
const xylophone = {
  url: "https://docs.example.com/xylophone",
  title: "Xylophone tuning guide",
  sections: [{ text: "Tune each bar of the instrument by shaving wood from its underside until it rings true against the reference pitch." }],
};

async function siteWithPages(settings: Record<string, unknown> = {}) {
  const site = await createPublicSite(ctx, settings);
  await addPages(ctx, site.siteId, [...docsPages, xylophone]);
  return site;
}
const get = (siteId: string, query: string) => ctx.request("GET", `/v1/public/sites/${siteId}/search?${query}`, { headers: allowed });

describe("instant search", () => {
  test("finds the page whose title starts with the unfinished word, and says it was instant", async () => {
    const { siteId } = await siteWithPages();
    const res = await get(siteId, "q=Xyloph&speed=instant&minScore=0");
    expect(res.status).toBe(200);
    expect(res.body.speed).toBe("instant");
    expect(res.body.results[0]).toMatchObject({ url: xylophone.url, title: xylophone.title });
    expect(res.body.results[0].sections.length).toBeLessThanOrEqual(1);
    expect(res.body.completions).toBeUndefined();
    // Earlier words are whole words; only the last is a prefix.
    const two = await get(siteId, "q=tuning%20xyl&speed=instant&minScore=0");
    expect(two.body.results[0].url).toBe(xylophone.url);
  });

  test("an instant search that finds nothing brings the completions instead", async () => {
    const { siteId } = await siteWithPages();
    const res = await get(siteId, "q=Xyloph&speed=instant&minScore=1");
    expect(res.body.results).toEqual([]);
    expect(res.body.completions).toContainEqual({ text: "Xylophone tuning guide", source: "title" });
  });

  test("the full search is the default, says so, and carries no completions", async () => {
    const { siteId } = await siteWithPages();
    const res = await get(siteId, "q=xylophone%20tuning&minScore=0");
    expect(res.status).toBe(200);
    expect(res.body.speed).toBe("full");
    expect(res.body.completions).toBeUndefined();
    expect(res.body.results[0].url).toBe(xylophone.url);
  });

  test("POST takes the speed in its body; a query longer than completions allow still searches, with none", async () => {
    const { siteId } = await siteWithPages();
    const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { q: "xylo", speed: "instant", minScore: 0 }, headers: allowed });
    expect(res.status).toBe(200);
    expect(res.body.speed).toBe("instant");
    expect(res.body.results[0].url).toBe(xylophone.url);
    const long = `${"tuning ".repeat(20)}xylo`;
    const longRes = await get(siteId, `q=${encodeURIComponent(long)}&speed=instant&minScore=1`);
    expect(longRes.status).toBe(200);
    expect(longRes.body.completions).toEqual([]);
  });

  test("an unknown speed is a 400 that spends nothing", async () => {
    const { siteId } = await siteWithPages();
    const res = await get(siteId, "q=xylo&speed=warp");
    expect(res.status).toBe(400);
  });
});

describe("the visitor's search bucket", () => {
  test("holds a burst of full searches, refills at the site's rate, and an instant search costs a quarter", async () => {
    const { siteId } = await siteWithPages();
    const burst = Math.min(Limits.publicSearchBurst, Limits.publicSearchPerMinutePerIp);
    for (let i = 0; i < burst; i++) expect((await get(siteId, "q=proxy")).status).toBe(200);
    const refused = await get(siteId, "q=proxy");
    expect(refused.status).toBe(429);
    expect(refused.body.retryAfter).toBe(Math.ceil(60 / Limits.publicSearchPerMinutePerIp));
    expect(refused.headers.get("x-ratelimit-limit")).toBe(String(burst));
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    // One second refills one full search, or four instant ones.
    now += 60 / Limits.publicSearchPerMinutePerIp;
    for (let i = 0; i < 1 / Limits.instantSearchCost; i++) expect((await get(siteId, "q=prox&speed=instant")).status).toBe(200);
    expect((await get(siteId, "q=prox&speed=instant")).status).toBe(429);
  });

  test("a site's own lower rate is also its burst", async () => {
    const { siteId } = await siteWithPages({ rateLimits: { searchPerMinute: 3 } });
    for (let i = 0; i < 3; i++) expect((await get(siteId, "q=proxy")).status).toBe(200);
    const refused = await get(siteId, "q=proxy");
    expect(refused.status).toBe(429);
    expect(refused.body.retryAfter).toBe(20);
  });
});
