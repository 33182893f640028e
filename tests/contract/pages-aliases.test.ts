import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

const BASE = "https://docs.example.com";

async function newSite() {
  const org = await ctx.createOrg("pro");
  const site = await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl: BASE } });
  const siteId = site.body.siteId as string;
  return {
    push: async (...pages: Array<{ url: string; content: string; title?: string }>) => {
      const res = await ctx.request("POST", `/api/sites/${siteId}/pages`, { key: org.key, body: { pages } });
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual([]);
      return res.body as { processed: number; skipped: number };
    },
    urls: async () => ((await ctx.request("GET", `/api/sites/${siteId}/pages`, { key: org.key })).body.items as Array<{ url: string }>).map((p) => p.url),
    detail: (url: string) => ctx.request("GET", `/api/sites/${siteId}/page?url=${encodeURIComponent(url)}`, { key: org.key }),
    remove: async (url: string) => (await ctx.request("DELETE", `/api/sites/${siteId}/pages`, { key: org.key, body: { url } })).body.deletedCount as number,
    removePattern: async (pattern: string) =>
      (await ctx.request("DELETE", `/api/sites/${siteId}/pages`, { key: org.key, body: { pattern } })).body.deletedCount as number,
    pageCount: async () => (await ctx.request("GET", `/api/sites/${siteId}`, { key: org.key })).body.pageCount as number,
    search: async (query: string) => {
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { query, minScore: 0 }, headers: { origin: BASE } });
      return (res.body.results as Array<{ url: string }>).map((r) => r.url);
    },
    publish: () =>
      ctx.request("PUT", `/api/sites/${siteId}`, {
        key: org.key,
        body: { publicAccess: { enabled: true, searchEnabled: true, allowedDomains: ["docs.example.com"] } },
      }),
  };
}

const html = (title: string, body: string, head = "") =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;
const vhosts = html("Virtual hosts", "Name-based virtual hosts share one address between several host names.");

describe("pushed pages with several addresses", () => {
  describe("a directory URL and its index file", () => {
    test("are stored once under the directory URL when the index file comes first", async () => {
      const site = await newSite();
      await site.push({ url: `${BASE}/vhosts/index.html`, content: vhosts });
      await site.push({ url: `${BASE}/vhosts/`, content: vhosts });
      expect(await site.urls()).toEqual([`${BASE}/vhosts/`]);
      expect(await site.pageCount()).toBe(1);
      const detail = await site.detail(`${BASE}/vhosts/index.html`);
      expect(detail.body).toMatchObject({ url: `${BASE}/vhosts/`, aliases: [`${BASE}/vhosts/index.html`] });
    });

    test("are stored once under the directory URL when it comes first, and the index file's content replaces it", async () => {
      const site = await newSite();
      await site.push({ url: `${BASE}/vhosts/`, content: vhosts });
      await site.push({ url: `${BASE}/vhosts/index.htm`, content: html("Virtual hosts", "Updated words about name-based hosting.") });
      expect(await site.urls()).toEqual([`${BASE}/vhosts/`]);
      const detail = await site.detail(`${BASE}/vhosts/`);
      expect(detail.body.aliases).toEqual([`${BASE}/vhosts/index.htm`]);
      expect(detail.body.chunks.map((c: { text: string }) => c.text).join(" ")).toContain("Updated words");
    });

    test("come back as one search result", async () => {
      const site = await newSite();
      expect((await site.publish()).status).toBe(200);
      await site.push({ url: `${BASE}/vhosts/index.html`, content: vhosts }, { url: `${BASE}/vhosts/`, content: vhosts });
      expect(await site.search("name-based virtual hosts")).toEqual([`${BASE}/vhosts/`]);
    });
  });

  describe("a canonical link", () => {
    test("stores the page under its target on the same site and keeps the address pushed as an alias", async () => {
      const site = await newSite();
      await site.push({
        url: `${BASE}/print/guide?page=1`,
        content: html("Guide", "The guide to configuring the server.", `<link rel="canonical" href="/guide">`),
      });
      expect(await site.urls()).toEqual([`${BASE}/guide`]);
      expect((await site.detail(`${BASE}/guide`)).body.aliases).toEqual([`${BASE}/print/guide?page=1`]);
    });

    test("merges a page stored earlier at the address into its target", async () => {
      const site = await newSite();
      await site.push({ url: `${BASE}/guide`, content: html("Guide", "The guide to configuring the server.") });
      await site.push({ url: `${BASE}/guide-old`, content: html("Old guide", "An older guide to the server.") });
      await site.push({ url: `${BASE}/guide-old`, content: html("Old guide", "An older guide, moved.", `<link rel="canonical" href="${BASE}/guide">`) });
      expect(await site.urls()).toEqual([`${BASE}/guide`]);
      expect((await site.detail(`${BASE}/guide`)).body.aliases).toEqual([`${BASE}/guide-old`]);
    });

    test("pointing off the site is ignored", async () => {
      const site = await newSite();
      await site.push({
        url: `${BASE}/mirror`,
        content: html("Mirror", "A mirrored article about caching.", `<link rel="canonical" href="https://elsewhere.example.org/article">`),
      });
      expect(await site.urls()).toEqual([`${BASE}/mirror`]);
      expect((await site.detail(`${BASE}/mirror`)).body.aliases).toEqual([]);
    });
  });

  describe("identical text", () => {
    test("is stored once under the address seen first", async () => {
      const site = await newSite();
      const page = html("Caching", "Caching keeps responses close to the visitor.");
      expect(await site.push({ url: `${BASE}/caching`, content: page })).toMatchObject({ processed: 1 });
      expect(await site.push({ url: `${BASE}/en/caching`, content: page })).toMatchObject({ processed: 0, skipped: 1 });
      expect(await site.push({ url: `${BASE}/en/caching`, content: page })).toMatchObject({ processed: 0, skipped: 1 });
      expect(await site.urls()).toEqual([`${BASE}/caching`]);
      expect((await site.detail(`${BASE}/en/caching`)).body).toMatchObject({ url: `${BASE}/caching`, aliases: [`${BASE}/en/caching`] });
    });

    test("a page that comes to copy another merges into it and leaves search at once", async () => {
      const site = await newSite();
      expect((await site.publish()).status).toBe(200);
      const page = html("Caching", "Caching keeps responses close to the visitor.");
      await site.push({ url: `${BASE}/caching`, content: page }, { url: `${BASE}/en/caching`, content: html("Caching", "Old notes about wombats.") });
      expect(await site.search("wombats")).toEqual([`${BASE}/en/caching`]);
      expect(await site.push({ url: `${BASE}/en/caching`, content: page })).toMatchObject({ processed: 0, skipped: 1 });
      expect(await site.urls()).toEqual([`${BASE}/caching`]);
      expect(await site.search("wombats")).toEqual([]);
    });

    test("that is only the title stays one page per record", async () => {
      const site = await newSite();
      const record = { title: "ROOTFINDER II (Algorithm 15)", content: "ROOTFINDER II (Algorithm 15)" };
      await site.push({ url: `${BASE}/cacm/129`, ...record }, { url: `${BASE}/cacm/158`, ...record });
      expect(await site.urls()).toEqual([`${BASE}/cacm/129`, `${BASE}/cacm/158`]);
    });

    test("under another title stays two pages", async () => {
      const site = await newSite();
      await site.push({ url: `${BASE}/a`, content: html("Alpha", "The same body text.") }, { url: `${BASE}/b`, content: html("Beta", "The same body text.") });
      expect(await site.urls()).toEqual([`${BASE}/a`, `${BASE}/b`]);
    });

    test("an alias pushed again with new text becomes a page of its own", async () => {
      const site = await newSite();
      const page = html("Caching", "Caching keeps responses close to the visitor.");
      await site.push({ url: `${BASE}/caching`, content: page }, { url: `${BASE}/en/caching`, content: page });
      await site.push({ url: `${BASE}/en/caching`, content: html("Caching", "Translated text about caching.") });
      expect(await site.urls()).toEqual([`${BASE}/caching`, `${BASE}/en/caching`]);
      expect((await site.detail(`${BASE}/caching`)).body.aliases).toEqual([]);
    });
  });

  describe("removal", () => {
    test("of the stored page keeps its content under its alias", async () => {
      const site = await newSite();
      await site.push({ url: `${BASE}/vhosts/index.html`, content: vhosts }, { url: `${BASE}/vhosts/`, content: vhosts });
      expect(await site.remove(`${BASE}/vhosts/`)).toBe(1);
      expect(await site.urls()).toEqual([`${BASE}/vhosts/index.html`]);
      const detail = await site.detail(`${BASE}/vhosts/index.html`);
      expect(detail.body.aliases).toEqual([]);
      expect(detail.body.chunks.map((c: { text: string }) => c.text).join(" ")).toContain("Name-based virtual hosts");
      expect((await site.detail(`${BASE}/vhosts/`)).status).toBe(404);
    });

    test("of an alias forgets only the alias", async () => {
      const site = await newSite();
      const page = html("Caching", "Caching keeps responses close to the visitor.");
      await site.push({ url: `${BASE}/caching`, content: page }, { url: `${BASE}/en/caching`, content: page });
      expect(await site.remove(`${BASE}/en/caching`)).toBe(1);
      expect(await site.urls()).toEqual([`${BASE}/caching`]);
      expect((await site.detail(`${BASE}/caching`)).body.aliases).toEqual([]);
      expect((await site.detail(`${BASE}/en/caching`)).status).toBe(404);
    });

    test("of every address by pattern removes the page", async () => {
      const site = await newSite();
      await site.push({ url: `${BASE}/vhosts/index.html`, content: vhosts }, { url: `${BASE}/vhosts/`, content: vhosts });
      expect(await site.removePattern("/vhosts/*")).toBe(2);
      expect(await site.urls()).toEqual([]);
      expect(await site.pageCount()).toBe(0);
    });
  });
});
