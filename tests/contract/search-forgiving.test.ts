// Forgiving search over the real app and database: typo correction from the site's own words, "Did you mean",
// phrases and exclusions, and per-site synonyms (keyword side; no embedder, so nothing else can find the pages).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const origin = { origin: "https://docs.example.com" };
const page = (path: string, title: string, content: string) => ({ url: `https://docs.example.com${path}`, title, content });
const hostingPages = [
  page("/vhosts", "Virtual hosts", "Apache can serve many sites from one server with virtual hosts. Each virtual host has a ServerName."),
  page("/ssl", "SSL and TLS", "Name based virtual hosting with SSL needs SNI. The configuration of certificates is per host."),
  page("/logs", "Log files", "The server writes an access log and an error log. Rotate them with the configuration below."),
  page("/name", "Name based hosting", "Name based hosting picks the site from the Host header the browser sends."),
  page("/ip", "IP based hosting", "IP based hosting gives each site its own address; it is based on the name of the interface."),
];

async function siteWith(pages: ReturnType<typeof page>[], settings: Record<string, unknown> = {}) {
  const site = await createPublicSite(ctx, settings);
  const res = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, { key: site.key, body: { pages } });
  expect(res.status).toBe(200);
  return site;
}
async function search(siteId: string, query: string, minScore = 0) {
  const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { query, minScore }, headers: origin });
  expect(res.status).toBe(200);
  return res.body as { results: Array<{ url: string; score: number }>; suggestion?: string; totalResults: number };
}
const paths = (body: { results: Array<{ url: string }> }) => body.results.map((r) => new URL(r.url).pathname);

describe("typo tolerance", () => {
  test("a misspelled word still finds its page first, at the default minScore, with a suggestion", async () => {
    const { siteId } = await siteWith(hostingPages);
    const body = await search(siteId, "virtaul hosts", 0.3);
    expect(paths(body)[0]).toBe("/vhosts");
    expect(body.suggestion).toBe("virtual hosts");
  }, 30_000);

  test("a long word may carry two typos", async () => {
    const { siteId } = await siteWith(hostingPages);
    const body = await search(siteId, "confgiuraton");
    expect(paths(body).sort()).toEqual(["/logs", "/ssl"]);
    expect(body.suggestion).toBe("configuration");
  }, 30_000);

  test("a correctly spelled query gets no suggestion", async () => {
    const { siteId } = await siteWith(hostingPages);
    const body = await search(siteId, "virtual hosts");
    expect(paths(body)[0]).toBe("/vhosts");
    expect(body.suggestion).toBeUndefined();
  }, 30_000);

  test("short words and numbers are not corrected", async () => {
    const { siteId } = await siteWith([...hostingPages, page("/v2024", "Release 2024", "The 2024 release notes.")]);
    expect((await search(siteId, "sls")).suggestion).toBeUndefined();
    const numbers = await search(siteId, "2025");
    expect(numbers.suggestion).toBeUndefined();
    expect(numbers.results).toEqual([]);
  }, 30_000);

  test("an exact match outranks the fuzzy ones", async () => {
    const many = Array.from({ length: 24 }, (_, i) => page(`/s${i}`, `Page ${i}`, `The server number ${i} answers requests.`));
    const { siteId } = await siteWith([...many, page("/servr", "Servr", "Servr is the name of our command line tool.")]);
    const body = await search(siteId, "servr");
    expect(paths(body)[0]).toBe("/servr");
    expect(body.results.length).toBeGreaterThan(1);
    expect(body.suggestion).toBe("server");
  }, 30_000);

  test("the vocabulary follows deletions: a word no page uses any more is no correction", async () => {
    const { siteId, key } = await siteWith(hostingPages);
    expect((await search(siteId, "certificatse")).suggestion).toBe("certificates");
    const del = await ctx.request("DELETE", `/api/sites/${siteId}/pages`, { key, body: { urls: ["https://docs.example.com/ssl"] } });
    expect(del.status).toBe(200);
    const body = await search(siteId, "certificatse");
    expect(body.suggestion).toBeUndefined();
    expect(body.results).toEqual([]);
  }, 30_000);
});

describe("query syntax", () => {
  test('"exact phrase" keeps only pages with the words together and in order', async () => {
    const { siteId } = await siteWith(hostingPages);
    expect(paths(await search(siteId, "name based")).sort()).toEqual(["/ip", "/name", "/ssl"]);
    expect(paths(await search(siteId, '"name based"')).sort()).toEqual(["/name", "/ssl"]);
  }, 30_000);

  test("-word leaves out pages containing it", async () => {
    const { siteId } = await siteWith(hostingPages);
    expect(paths(await search(siteId, "hosting -ssl")).sort()).toEqual(["/ip", "/name", "/vhosts"]);
    expect(paths(await search(siteId, '"name based" -ssl'))).toEqual(["/name"]);
  }, 30_000);

  test("a query of exclusions only finds nothing, and a plain query behaves as before", async () => {
    const { siteId } = await siteWith(hostingPages);
    expect((await search(siteId, "-ssl")).results).toEqual([]);
    expect(paths(await search(siteId, "log files"))[0]).toBe("/logs");
  }, 30_000);
});

describe("synonyms", () => {
  const synonymPages = [
    page("/vhosts", "Virtual hosts", "Serving many sites from one machine with virtual hosts."),
    page("/notebook", "Notebook setup", "Install the client on your notebook."),
    page("/laptop", "Laptop bags", "Carry your laptop safely."),
  ];

  test("a multi-way set lets each term find the others", async () => {
    const { siteId } = await siteWith(synonymPages, { synonyms: [{ terms: ["vhost", "virtual host"] }] });
    expect(paths(await search(siteId, "vhost"))).toEqual(["/vhosts"]);
  }, 30_000);

  test("a one-way set expands its first term only", async () => {
    const { siteId } = await siteWith(synonymPages, { synonyms: [{ terms: ["laptop", "notebook"], oneWay: true }] });
    expect(paths(await search(siteId, "laptop")).sort()).toEqual(["/laptop", "/notebook"]);
    expect(paths(await search(siteId, "notebook"))).toEqual(["/notebook"]);
  }, 30_000);

  test("are stored, shown and replaced through the site settings", async () => {
    const { siteId, key } = await siteWith(synonymPages, { synonyms: [{ terms: ["laptop", "notebook"], oneWay: true }] });
    expect((await ctx.request("GET", `/api/sites/${siteId}`, { key })).body.synonyms).toEqual([{ terms: ["laptop", "notebook"], oneWay: true }]);
    expect((await ctx.request("PUT", `/api/sites/${siteId}`, { key, body: { synonyms: [] } })).status).toBe(200);
    expect(paths(await search(siteId, "laptop"))).toEqual(["/laptop"]);
  }, 30_000);

  test("a set of one term, too many terms or an unknown field is a 400 and changes nothing", async () => {
    const { siteId, key } = await siteWith(synonymPages, { synonyms: [{ terms: ["vhost", "virtual host"] }] });
    for (const synonyms of [[{ terms: ["alone"] }], [{ terms: Array.from({ length: 21 }, (_, i) => `t${i}`) }], [{ terms: ["a", "b"], twoWay: true }]]) {
      const res = await ctx.request("PUT", `/api/sites/${siteId}`, { key, body: { synonyms } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBeString();
    }
    expect(paths(await search(siteId, "vhost"))).toEqual(["/vhosts"]);
  }, 30_000);
});
