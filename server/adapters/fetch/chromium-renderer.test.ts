import { afterAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../config.ts";
import { FetchFailure } from "../../ports/page-fetcher.ts";
import { ChromiumRenderer } from "./chromium-renderer.ts";
import { HttpFetcher } from "./http-fetcher.ts";

const hits: Record<string, number> = {};
const html = (body: string) => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });

const server: Bun.Server<undefined> = Bun.serve({
  port: 0,
  fetch(request): Response {
    const path = new URL(request.url).pathname;
    hits[path] = (hits[path] ?? 0) + 1;
    switch (path) {
      case "/app":
        return html('<!doctype html><title>App</title><div id="root"></div><img src="/pic.png"><script src="app.js"></script>');
      case "/app.js":
        return new Response('fetch("/api/data").then((r) => r.json()).then((d) => { document.getElementById("root").textContent = d.text; });', {
          headers: { "content-type": "text/javascript" },
        });
      case "/api/data":
        return Response.json({ text: "Rendered by script" });
      case "/old-app":
        return new Response(null, { status: 301, headers: { location: "/app" } });
      case "/sneaky":
        return html(
          `<div id="root">waiting</div><script>fetch("http://127.0.0.1:${server.port}/secret").then(() => { root.textContent = "reached secret"; }, () => { root.textContent = "secret blocked"; });</script>`,
        );
      case "/secret":
        return Response.json({ token: "s3cret" }, { headers: { "access-control-allow-origin": "*" } });
      case "/polling":
        return html('<div id="root">polling</div><script>setInterval(() => fetch("/api/data"), 100);</script>');
      case "/bloat":
        return html('<div id="root"></div><script>root.textContent = "x".repeat(50000);</script>');
    }
    return new Response("not found", { status: 404 });
  },
});

const base = `http://127.0.0.1:${server.port}`;
const executablePath = loadConfig().crawl.chromiumPath;
const renderer = new ChromiumRenderer({ executablePath, allowPrivateNetworks: true, timeoutMs: 10_000 });
afterAll(async () => {
  await renderer.close();
  server.stop(true);
});

async function failure(promise: Promise<unknown>): Promise<FetchFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchFailure) return error;
    throw error;
  }
  throw new Error("expected a FetchFailure");
}

describe("ChromiumRenderer", () => {
  describe("a single-page app", () => {
    test("returns the text its script inserted, which plain HTTP does not see", async () => {
      const rendered = await renderer.fetch({ url: `${base}/app` });
      expect(rendered.status).toBe(200);
      expect(rendered.body).toContain("Rendered by script");
      const plain = await new HttpFetcher({ allowPrivateNetworks: true }).fetch({ url: `${base}/app` });
      expect(plain.body).not.toContain("Rendered by script");
    });

    test("fetches the document once and skips images", async () => {
      hits["/app"] = 0;
      hits["/pic.png"] = 0;
      await renderer.fetch({ url: `${base}/app` });
      expect(hits["/app"]).toBe(1);
      expect(hits["/pic.png"]).toBe(0);
    });

    test("renders at the address a redirect ends on", async () => {
      const rendered = await renderer.fetch({ url: `${base}/old-app` });
      expect(rendered.url).toBe(`${base}/app`);
      expect(rendered.body).toContain("Rendered by script");
    });

    test("returns what is there when the page never goes quiet", async () => {
      const quick = new ChromiumRenderer({ executablePath, allowPrivateNetworks: true, networkIdleMs: 300 });
      try {
        const rendered = await quick.fetch({ url: `${base}/polling` });
        expect(rendered.body).toContain("polling");
      } finally {
        await quick.close();
      }
    });
  });

  describe("limits", () => {
    test("refuses a rendered page over the byte limit", async () => {
      const small = new ChromiumRenderer({ executablePath, allowPrivateNetworks: true, maxBytes: 10_000 });
      try {
        expect((await failure(small.fetch({ url: `${base}/bloat` }))).reason).toBe("too-large");
      } finally {
        await small.close();
      }
    });

    test("passes error statuses through unrendered", async () => {
      expect((await renderer.fetch({ url: `${base}/missing` })).status).toBe(404);
    });
  });

  describe("the address guard", () => {
    test("blocks a script's request to a private address", async () => {
      // Only the name "localhost" is trusted; the page's script then calls 127.0.0.1, which must never be reached.
      const guarded = new ChromiumRenderer({ executablePath, trustedHosts: ["localhost"] });
      hits["/secret"] = 0;
      try {
        const rendered = await guarded.fetch({ url: `http://localhost:${server.port}/sneaky` });
        expect(rendered.body).toContain("secret blocked");
        expect(hits["/secret"]).toBe(0);
      } finally {
        await guarded.close();
      }
    });
  });
});
