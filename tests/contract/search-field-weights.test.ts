// Field weights over the real app and database: a word in a page's title or headings weighs more than the same word
// in another page's body, on whichever Postgres keyword engine runs (pg_textsearch on PGlite, built-in FTS on PostgreSQL 15).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { rows } from "../../server/adapters/postgres/database.ts";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, type FixturePage } from "../fixtures/search-pages.ts";

let ctx: TestContext;
beforeAll(async () => {
  // Scores and ranks here depend on BM25's corpus statistics: a database of its own keeps other files' pages out.
  ctx = await createTestContext({}, {}, { ownDatabase: true });
  // pg_textsearch ships with the weighting off (it lowered SciFact's nDCG); these tests hold the mechanism on both engines.
  // pg_textsearch reads a second index for it, which it builds only when asked.
  await lexical().ensureHeadingIndex?.();
  // 3, not 2: at 2 built-in FTS scores the title word exactly as the changelog's two body words (0.2 each), and the
  // order of a tie is the content hashes', which passed or failed the first test by chance.
  lexical().headingWeight = Math.max(lexical().headingWeight, 3);
}, 60_000);
afterAll(() => ctx.close());

const origin = { origin: "https://docs.example.com" };
const page = (path: string, title: string, content: string) => ({ url: `https://docs.example.com${path}`, title, content });
// The body-only page says "webhooks" twice in a short text, so unweighted BM25 and ts_rank_cd both prefer it.
const pages = [
  page(
    "/webhooks",
    "Webhooks",
    "Subscribe to events on your account and receive a signed POST request at your endpoint for each one of them, retried with backoff.",
  ),
  page("/changelog", "Changelog", "Webhooks: fixed webhooks retries."),
  page("/billing", "Billing", "Invoices are sent by email at the start of each month."),
];
// Written as ingest stores chunks (search_text = title, headings, text); only the guide's heading names the words.
const headingPages: FixturePage[] = [
  {
    url: "https://docs.example.com/guide",
    title: "Guide",
    sections: [
      {
        heading: "Rate limits",
        anchor: "rate-limits",
        text: "Each key may send sixty requests a minute; more are refused with status 429 until the minute ends, then accepted again.",
      },
    ],
  },
  { url: "https://docs.example.com/faq", title: "FAQ", sections: [{ text: "Rate limits apply per key." }] },
];

async function firstPaths(list: ReturnType<typeof page>[] | FixturePage[], query: string): Promise<string[]> {
  const site = await createPublicSite(ctx);
  if (list.some((p) => "sections" in p)) await addPages(ctx, site.siteId, list as FixturePage[]);
  else expect((await ctx.request("POST", `/api/sites/${site.siteId}/pages`, { key: site.key, body: { pages: list } })).status).toBe(200);
  const res = await ctx.request("POST", `/v1/public/sites/${site.siteId}/search`, { body: { query, minScore: 0 }, headers: origin });
  expect(res.status).toBe(200);
  return (res.body as { results: Array<{ url: string }> }).results.map((r) => new URL(r.url).pathname);
}

const lexical = () => ctx.parts.lexical as unknown as { engine: string; headingWeight: number; ensureHeadingIndex?(): Promise<void> };

describe("field weights in the keyword score", () => {
  test("a title match outranks a body-only match that repeats the word", async () => {
    expect((await firstPaths(pages, "webhooks")).slice(0, 2)).toEqual(["/webhooks", "/changelog"]);
  });

  test("a heading match outranks a body-only match that repeats the words", async () => {
    expect((await firstPaths(headingPages, "rate limits"))[0]).toBe("/guide");
  });

  test("with the weighting off the body match wins, and only heading words change a chunk's raw score", async () => {
    const index = lexical();
    const weight = index.headingWeight;
    const site = await createPublicSite(ctx);
    await addPages(ctx, site.siteId, headingPages);
    const rawScores = async () => {
      const { hits } = await ctx.parts.lexical.search({ siteIds: [site.siteId], query: "rate limits", limit: 10 });
      const urls = await rows<{ id: string; url: string }>(
        ctx.db,
        sql`SELECT c.id, p.url FROM chunks c JOIN pages p ON p.id = c.page_id WHERE c.site_id = ${site.siteId}`,
      );
      return Object.fromEntries(hits.map((h) => [new URL(urls.find((u) => u.id === h.chunkId)!.url).pathname, h.score]));
    };
    const weighted = await rawScores();
    index.headingWeight = 1;
    try {
      // Measured before the next site's pages change the corpus statistics both engines' scores depend on.
      const flat = await rawScores();
      expect((await firstPaths(pages, "webhooks"))[0]).toBe("/changelog");
      expect(weighted["/guide"]!).toBeGreaterThan(flat["/guide"]! * 1.2);
      expect(weighted["/faq"]!).toBeCloseTo(flat["/faq"]!, 5);
    } finally {
      index.headingWeight = weight;
    }
  });
});
