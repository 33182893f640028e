import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { withFixtureVectors } from "../fixtures/fixture-vectors.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";
import { MiniLmOnnxEmbedder } from "../../server/adapters/embedder/minilm-onnx.ts";
import type { Embedder } from "../../server/ports/embedder.ts";

let ctx: TestContext;
// The real model, its vectors of these fixtures read from tests/fixtures/fixture-vectors.json where stored.
const embedder = withFixtureVectors(() => new MiniLmOnnxEmbedder({ passageWorkers: 0, fallback: "none" }));
beforeAll(async () => {
  // Scores and ranks here depend on BM25's corpus statistics: a database of its own keeps other files' pages out.
  ctx = await createTestContext({}, { embedder }, { ownDatabase: true });
  await embedder.ready();
}, 60_000);
afterAll(async () => {
  embedder.close();
  await ctx.close();
});

const origin = { origin: "https://docs.example.com" };
async function search(siteId: string, body: Record<string, unknown>) {
  const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body, headers: origin });
  if (res.status !== 200) throw new Error(`search failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const urls = (body: any) => body.results.map((r: any) => r.url);

describe("hybrid search", () => {
  describe("relevance", () => {
    test("the page about the query ranks first", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      expect(urls(await search(siteId, { query: "how do I put nginx in front of the server", minScore: 0 }))[0]).toBe("https://docs.example.com/guide/proxy");
      expect(urls(await search(siteId, { query: "installing on linux", minScore: 0 }))[0]).toBe("https://docs.example.com/guide/install");
      expect(urls(await search(siteId, { query: "how do I pay my invoice", minScore: 0 }))[0]).toBe("https://docs.example.com/reference/billing");
    });

    test("a semantic match without shared words is found", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      const body = await search(siteId, { query: "what changed in the new version", minScore: 0.2 });
      expect(urls(body)).toContain("https://docs.example.com/blog/release-notes");
    });

    test("a title match outranks a passing mention in the text", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(
        ctx,
        siteId,
        [
          { url: "https://docs.example.com/a", title: "Webhooks", sections: [{ text: "Subscribe to events and receive a signed POST for each one." }] },
          {
            url: "https://docs.example.com/b",
            title: "Changelog",
            sections: [{ text: "Fixed a typo in the page about webhooks and updated the footer links." }],
          },
        ],
        embedder,
      );
      expect(urls(await search(siteId, { query: "webhooks", minScore: 0 }))[0]).toBe("https://docs.example.com/a");
    });

    test("scores are between 0 and 1 and results come best first", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      const body = await search(siteId, { query: "proxy server", minScore: 0 });
      const scores = body.results.map((r: any) => r.score);
      for (const s of scores) expect(s >= 0 && s <= 1).toBe(true);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    });

    test("a full search ranks the same whether its candidate rows were read now or kept from earlier searches", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      const ask = (speed: "instant" | "full") =>
        ctx.parts.search.hybrid.search({ siteIds: [siteId], query: "how do I put nginx in front of the server", limit: 10, minScore: 0, speed });
      const cold = await ask("full");
      // An instant search keeps rows without similarities; the next full search takes its similarities elsewhere.
      await ask("instant");
      const warm = await ask("full");
      expect(warm.mode).toBe("hybrid");
      expect(warm.results).toEqual(cold.results);
    });

    test("reciprocal rank fusion can be chosen per search and keeps calibrated scores", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      const found = await ctx.parts.search.hybrid.search({ siteIds: [siteId], query: "reverse proxy headers", limit: 10, minScore: 0, fusion: "rrf" });
      expect(found.results[0]!.url).toBe("https://docs.example.com/guide/proxy");
      expect(found.mode).toBe("hybrid");
      for (const r of found.results) expect(r.score >= 0 && r.score <= 1).toBe(true);
    });
  });

  describe("minScore", () => {
    test("an unrelated query finds nothing at the default 0.3", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      const body = await search(siteId, { query: "chocolate cake recipe" });
      expect(body.results).toEqual([]);
      expect(body.totalResults).toBe(0);
    });

    test("raising minScore drops the weaker results and totalResults counts what is left", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      const loose = await search(siteId, { query: "configure the server", minScore: 0 });
      const strict = await search(siteId, { query: "configure the server", minScore: 0.5 });
      expect(loose.totalResults).toBeGreaterThan(strict.totalResults);
      for (const r of strict.results) expect(r.score).toBeGreaterThanOrEqual(0.5);
    });

    test("limit cuts the list but not totalResults", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      const body = await search(siteId, { query: "server", minScore: 0, limit: 1 });
      expect(body.results.length).toBe(1);
      expect(body.totalResults).toBeGreaterThan(1);
    });
  });

  describe("results", () => {
    test("carry sections with heading path, anchor and url#anchor", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      const [first] = (await search(siteId, { query: "X-Forwarded-For header" })).results;
      expect(first.sections[0]).toMatchObject({
        heading: "Headers",
        headingPath: ["Configuring a reverse proxy", "Headers"],
        anchor: "headers",
        url: "https://docs.example.com/guide/proxy#headers",
      });
      expect(first.tags).toEqual(["guide"]);
    });

    test("highlights mark query words in the snippet, stems included", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, docsPages, embedder);
      const [first] = (await search(siteId, { query: "configuring proxies" })).results;
      const marked = first.highlights.map(([a, b]: [number, number]) => first.snippet.slice(a, b).toLowerCase());
      expect(marked).toContain("configure");
      expect(marked).toContain("proxy");
    });

    test("snippets are plain text even when a chunk holds markup-like text", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, [
        { url: "https://docs.example.com/x", title: "Embedding", sections: [{ text: "Add the tag\n\n   <site-search>   to your page to embed search." }] },
      ]);
      const [first] = (await search(siteId, { query: "embed search tag", minScore: 0 })).results;
      expect(first.snippet).toBe("Add the tag <site-search> to your page to embed search.");
    });
  });

  describe("boosts", () => {
    const pair = [
      {
        url: "https://docs.example.com/docs/limits",
        title: "Limits",
        tags: ["docs"],
        sections: [{ text: "Each plan has request limits per minute for search and chat." }],
      },
      {
        url: "https://docs.example.com/blog/limits",
        title: "Limits",
        tags: ["blog"],
        sections: [{ text: "Each plan has request limits per minute for search and chat." }],
      },
    ];

    test("a tag boost lifts pages with the tag above an otherwise equal page", async () => {
      for (const tag of ["docs", "blog"]) {
        const { siteId } = await createPublicSite(ctx, { tagBoosts: [{ tag, boost: 2 }] });
        await addPages(ctx, siteId, pair, embedder);
        const body = await search(siteId, { query: "request limits", minScore: 0 });
        expect(body.results[0].tags).toEqual([tag]);
        expect(body.results[0].score).toBeGreaterThan(body.results[1].score);
      }
    });

    test("a URL boost below 1 demotes matching pages", async () => {
      const { siteId } = await createPublicSite(ctx, { urlBoosts: [{ pattern: "/docs/**", boost: 0.5 }] });
      await addPages(ctx, siteId, pair, embedder);
      expect(urls(await search(siteId, { query: "request limits", minScore: 0 }))[0]).toBe("https://docs.example.com/blog/limits");
    });
  });

  describe("metadata", () => {
    const schema = [
      { name: "section", type: "string", filter: true, facet: true },
      { name: "version", type: "string", facet: true },
    ];

    test("a filter narrows the results to matching pages", async () => {
      const { siteId } = await createPublicSite(ctx, { metadataSchema: schema });
      await addPages(ctx, siteId, docsPages, embedder);
      const all = await search(siteId, { query: "server", minScore: 0 });
      const guides = await search(siteId, { query: "server", minScore: 0, filters: { section: "guide" } });
      expect(guides.results.length).toBeGreaterThan(0);
      expect(guides.results.length).toBeLessThan(all.results.length);
      expect(guides.results.every((r: any) => r.url.includes("/guide/"))).toBe(true);
    });

    test("a list of values matches any of them", async () => {
      const { siteId } = await createPublicSite(ctx, { metadataSchema: schema });
      await addPages(ctx, siteId, docsPages, embedder);
      const body = await search(siteId, { query: "server", minScore: 0, filters: { section: ["blog", "reference"] } });
      expect(body.results.every((r: any) => /\/(blog|reference)\//.test(r.url))).toBe(true);
    });

    test("facets count the matched pages' values of facet fields", async () => {
      const { siteId } = await createPublicSite(ctx, { metadataSchema: schema });
      await addPages(ctx, siteId, docsPages, embedder);
      const body = await search(siteId, { query: "server", minScore: 0 });
      const total = body.facets.section.reduce((n: number, f: any) => n + f.count, 0);
      expect(total).toBe(body.totalResults);
      expect(Object.keys(body.facets).sort()).toEqual(["section", "version"]);
    });
  });

  describe("keyword search without vectors", () => {
    test("a chunk not embedded yet is found by its words", async () => {
      const { siteId } = await createPublicSite(ctx);
      await addPages(ctx, siteId, [
        {
          url: "https://docs.example.com/fresh",
          title: "Zanzibar permissions",
          sections: [{ text: "Relationship-based access control in the zanzibar style." }],
        },
      ]);
      expect(urls(await search(siteId, { query: "zanzibar", minScore: 0.1 }))).toEqual(["https://docs.example.com/fresh"]);
    });

    test("when the embedder fails the search still answers from keywords", async () => {
      const failing: Embedder = {
        model: embedder.model,
        dimensions: embedder.dimensions,
        embed: async () => {
          throw new Error("model unavailable");
        },
        ready: async () => {},
      };
      const other = await createTestContext({}, { embedder: failing });
      try {
        const site = await createPublicSite(other);
        await addPages(other, site.siteId, docsPages);
        const found = await other.parts.search.hybrid.search({ siteIds: [site.siteId], query: "reverse proxy", limit: 10, minScore: 0.1 });
        expect(found.mode).toBe("lexical");
        expect(found.results[0]!.url).toBe("https://docs.example.com/guide/proxy");
      } finally {
        await other.close();
      }
    }, 60_000);
  });
});
