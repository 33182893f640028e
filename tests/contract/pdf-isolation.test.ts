// A PDF that expands into tens of megabytes of text must cost a preparation worker, never the API thread: /health
// (and every other tenant's request) keeps answering while it is pushed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { pdfBomb } from "../fixtures/pdf-bomb.ts";

let ctx: TestContext;
let server: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  ctx = await createTestContext({ PREPARATION_WORKERS: "1" });
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => ctx.app.handle(request) });
}, 90_000);
afterAll(async () => {
  server.stop(true);
  await ctx.close();
});

describe("a PDF bomb pushed through the pages API", () => {
  test("/health answers in under a second throughout, and the PDF is refused as that page's error", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const org = await ctx.createOrg();
    const site = (await ctx.request("POST", "/api/sites", { key: org.key, body: { name: "Docs", baseUrl: "https://docs.example.com/" } })).body;
    // Warm the route, the worker and pdf.js with an ordinary push first, so the probes time the bomb alone.
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const doc = await PDFDocument.create();
    doc.addPage().drawText("Quinces ripen in autumn.", { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
    const warm = { url: "https://docs.example.com/warm.pdf", contentType: "application/pdf", contentBase64: Buffer.from(await doc.save()).toString("base64") };
    expect((await ctx.request("POST", `/api/sites/${site.siteId}/pages`, { key: org.key, body: { pages: [warm] } })).body.processed).toBe(1);
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const bomb = Buffer.from(pdfBomb(60_000_000)).toString("base64");
    const page = { url: "https://docs.example.com/bomb.pdf", contentType: "application/pdf", contentBase64: bomb };
    let done = false;
    const push = fetch(`${base}/api/sites/${site.siteId}/pages`, {
      method: "POST",
      headers: { authorization: `Bearer ${org.key}`, "content-type": "application/json" },
      body: JSON.stringify({ pages: [page] }),
    }).then(async (r) => {
      done = true;
      return { status: r.status, body: await r.json() };
    });
    const latencies: number[] = [];
    // At least two seconds of probes, more while the push is still running.
    const until = performance.now() + 2_000;
    while (!done || performance.now() < until) {
      const started = performance.now();
      const health = await fetch(`${base}/health`, { signal: AbortSignal.timeout(20_000) });
      expect(health.status).toBe(200);
      latencies.push(performance.now() - started);
      await Bun.sleep(50);
    }
    const pushed = await push;
    expect(pushed.status).toBe(200);
    expect(pushed.body.processed).toBe(0);
    expect(pushed.body.errors[0].error).toMatch(/inflate to more than|took longer than|characters of text/);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
  }, 120_000);
});
