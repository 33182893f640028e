import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { TestContext } from "../fixtures/test-app.ts";
import { serveCrawlSite, type CrawlSite } from "../fixtures/crawl-site-server.ts";
import { crawlOnce, crawlTestContext, indexedPaths, newCrawlSite } from "../fixtures/crawl-test-helpers.ts";
import { Limits } from "../../shared/limits.ts";

let ctx: TestContext;
const stops: Array<() => void> = [];
beforeAll(async () => {
  ctx = await crawlTestContext();
}, 90_000);
afterAll(async () => {
  for (const stop of stops) stop();
  await ctx.close();
});

/** A real PDF with one line of known text per page. */
async function buildPdf(pages: string[], title?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (title) doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage().drawText(text, { x: 50, y: 700, size: 14, font });
  return doc.save();
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

async function searchable(siteId: string, key: string) {
  await ctx.request("PUT", `/api/sites/${siteId}`, { key, body: { publicAccess: { enabled: true, searchEnabled: true } } });
  return async (q: string) => (await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=${encodeURIComponent(q)}&minScore=0`)).body;
}

describe("PDFs", () => {
  describe("pushed through the pages API", () => {
    test("are found by search, one section per PDF page linking to #page=N, titled from the metadata", async () => {
      const org = await ctx.createOrg();
      const site = (await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl: "https://docs.example.com/" } })).body;
      const pdf = await buildPdf(["Pruning apple trees in winter keeps them healthy.", "Harvesting quinces happens in late autumn."], "Orchard Handbook");
      const res = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, {
        key: org.key,
        body: { pages: [{ url: "https://docs.example.com/handbook.pdf", contentBase64: base64(pdf), contentType: "application/pdf" }] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ processed: 1, skipped: 0, errors: [] });
      const search = await searchable(site.siteId, org.key);
      const found = await search("quinces autumn");
      expect(found.results[0]).toMatchObject({ url: "https://docs.example.com/handbook.pdf", title: "Orchard Handbook" });
      expect(JSON.stringify(found.results[0])).toContain("#page=2");
      // The same PDF again is unchanged.
      const again = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, {
        key: org.key,
        body: { pages: [{ url: "https://docs.example.com/handbook.pdf", contentBase64: base64(pdf), contentType: "application/pdf" }] },
      });
      expect(again.body).toEqual({ processed: 0, skipped: 1, errors: [] });
    });

    test("without a metadata title take their first line", async () => {
      const org = await ctx.createOrg();
      const site = (await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl: "https://docs.example.com/" } })).body;
      const pdf = await buildPdf(["Greenhouse Guide", "Tomatoes need warmth."]);
      await ctx.request("POST", `/api/sites/${site.siteId}/pages`, {
        key: org.key,
        body: { pages: [{ url: "https://docs.example.com/g.pdf", contentBase64: base64(pdf), contentType: "application/pdf" }] },
      });
      const list = await ctx.request("GET", `/api/sites/${site.siteId}/pages`, { key: org.key });
      expect(list.body.items[0]).toMatchObject({ url: "https://docs.example.com/g.pdf", title: "Greenhouse Guide" });
    });

    test("that are broken, too large or not base64 are errors naming why, and the rest of the batch is ingested", async () => {
      const org = await ctx.createOrg();
      const site = (await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl: "https://docs.example.com/" } })).body;
      const huge = "A".repeat(Math.ceil(((Limits.pdfBytes + 1000) * 4) / 3));
      const pages = [
        { url: "https://docs.example.com/broken.pdf", contentBase64: base64(new TextEncoder().encode("%PDF-1.4 not really")), contentType: "application/pdf" },
        { url: "https://docs.example.com/huge.pdf", contentBase64: huge.slice(0, Math.ceil((Limits.pdfBytes * 4) / 3) + 4), contentType: "application/pdf" },
        { url: "https://docs.example.com/text.pdf", contentBase64: "not base64!", contentType: "application/pdf" },
        { url: "https://docs.example.com/ok.html", content: "<h1>Fine</h1><p>A page that is fine.</p>" },
      ];
      const res = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, { key: org.key, body: { pages } });
      expect(res.status).toBe(200);
      expect(res.body.processed).toBe(1);
      const errors = Object.fromEntries(res.body.errors.map((e: any) => [e.url, e.error]));
      expect(errors["https://docs.example.com/broken.pdf"]).toContain("could not be read");
      expect(errors["https://docs.example.com/huge.pdf"]).toContain(`larger than ${Limits.pdfBytes} bytes`);
      expect(errors["https://docs.example.com/text.pdf"]).toContain("not base64");
    });

    test("over the page limit are refused before their text is read", async () => {
      const org = await ctx.createOrg();
      const site = (await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl: "https://docs.example.com/" } })).body;
      const doc = await PDFDocument.create();
      for (let i = 0; i <= Limits.pdfPages; i++) doc.addPage([10, 10]);
      const res = await ctx.request("POST", `/api/sites/${site.siteId}/pages`, {
        key: org.key,
        body: { pages: [{ url: "https://docs.example.com/long.pdf", contentBase64: base64(await doc.save()), contentType: "application/pdf" }] },
      });
      expect(res.body.errors[0].error).toContain(`the limit is ${Limits.pdfPages}`);
    }, 30_000);
  });

  describe("linked from a crawled page", () => {
    test("are fetched and found by search", async () => {
      const pdf = await buildPdf(["The irrigation manual explains drip lines."], "Irrigation Manual");
      const server: CrawlSite = serveCrawlSite({
        routes: {
          "/": `<html><head><title>Farm</title></head><body><p>Welcome to the farm documentation.</p><a href="/manual.pdf">Manual</a></body></html>`,
          "/manual.pdf": () => new Response(pdf as Uint8Array<ArrayBuffer>, { headers: { "content-type": "application/pdf" } }),
        },
      });
      stops.push(server.stop);
      const site = await newCrawlSite(ctx, `${server.origin}/`, { respectRobotsTxt: false });
      const job = await crawlOnce(ctx, site);
      expect(job).toMatchObject({ status: "completed", pagesProcessed: 2, pagesErrored: 0 });
      expect(await indexedPaths(ctx, site.siteId)).toEqual(["/", "/manual.pdf"]);
      const search = await searchable(site.siteId, site.key);
      const found = await search("drip irrigation");
      expect(found.results[0]).toMatchObject({ url: `${server.origin}/manual.pdf`, title: "Irrigation Manual" });
    }, 30_000);
  });
});
