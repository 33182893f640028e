import { afterAll, describe, expect, test } from "bun:test";
import { FetchFailure } from "../../ports/page-fetcher.ts";
import { HttpFetcher } from "./http-fetcher.ts";

const html = (body: string, type = "text/html; charset=utf-8") => new Response(body, { headers: { "content-type": type } });
const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location } });

const server: Bun.Server<undefined> = Bun.serve({
  port: 0,
  fetch(request): Response | Promise<Response> {
    const url = new URL(request.url);
    const here = `http://127.0.0.1:${server.port}`;
    switch (url.pathname) {
      case "/page":
        return new Response("<title>Hi</title><p>Hello</p>", {
          headers: { "content-type": "text/html; charset=utf-8", "x-robots-tag": "noindex", "x-other": "1" },
        });
      case "/ua":
        return html(request.headers.get("user-agent") ?? "", "text/plain");
      case "/latin1":
        return new Response(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), { headers: { "content-type": "text/html; charset=ISO-8859-1" } });
      case "/meta-charset":
        return new Response(new Uint8Array([...new TextEncoder().encode('<meta charset="shift_jis"><p>'), 0x93, 0xfa, 0x96, 0x7b]), {
          headers: { "content-type": "text/html" },
        });
      case "/undeclared-legacy":
        return new Response(new Uint8Array([0x6e, 0x61, 0xef, 0x76, 0x65]), { headers: { "content-type": "text/html" } });
      case "/missing":
        return html("<p>Not here</p>", "text/html");
      case "/image":
        return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { "content-type": "image/png" } });
      case "/feed.xml":
        return html('<?xml version="1.0"?><urlset/>', "application/xml");
      case "/endless":
        return new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
            },
          }),
          { headers: { "content-type": "text/html" } },
        );
      case "/declared-big":
        return new Response("x".repeat(5000), { headers: { "content-type": "text/html" } });
      case "/slow":
        return new Promise((resolve) => setTimeout(() => resolve(html("late")), 2000));
      case "/hop1":
        return redirect("/hop2", 301);
      case "/hop2":
        return redirect(`${here}/page`, 308);
      case "/loop":
        return redirect("/loop");
      case "/to-metadata":
        return redirect("http://169.254.169.254/latest/meta-data/");
      case "/to-loopback":
        return redirect(`${here}/page`);
      case "/to-decimal":
        return redirect(`http://2130706433:${server.port}/page`);
      case "/to-mapped":
        return redirect(`http://[::ffff:127.0.0.1]:${server.port}/page`);
      case "/to-ftp":
        return redirect("ftp://example.com/file");
    }
    return new Response("<p>Not here</p>", { status: 404, headers: { "content-type": "text/html" } });
  },
});
// Bun.serve always adds a Content-Type, so a server that sends none is written at the socket level.
const untyped = Bun.listen({
  hostname: "127.0.0.1",
  port: 0,
  socket: {
    data(socket) {
      socket.end("HTTP/1.1 200 OK\r\nContent-Length: 23\r\nConnection: close\r\n\r\n<!doctype html><p>x</p>");
    },
  },
});
afterAll(() => {
  server.stop(true);
  untyped.stop(true);
});

const base = `http://127.0.0.1:${server.port}`;
const open = new HttpFetcher({ allowPrivateNetworks: true, timeoutMs: 1000, maxBytes: 4096 });

async function failure(promise: Promise<unknown>): Promise<FetchFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchFailure) return error;
    throw error;
  }
  throw new Error("expected a FetchFailure");
}

describe("HttpFetcher", () => {
  describe("an HTML page", () => {
    test("returns status, type, body, the headers the crawler needs and the time taken", async () => {
      const page = await open.fetch({ url: `${base}/page` });
      expect(page).toMatchObject({
        url: `${base}/page`,
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: "<title>Hi</title><p>Hello</p>",
        headers: { "x-robots-tag": "noindex" },
      });
      expect(page.headers["x-other"]).toBeUndefined();
      expect(page.ms).toBeGreaterThanOrEqual(0);
    });

    test("sends the product's user agent", async () => {
      const page = await new HttpFetcher({ allowPrivateNetworks: true }).fetch({ url: `${base}/ua` });
      expect(page.body).toStartWith("site-search-bot/");
    });

    test("returns a 404 as data instead of throwing", async () => {
      const page = await open.fetch({ url: `${base}/nowhere` });
      expect(page.status).toBe(404);
    });

    test("reports a sniffed type when the server sends none", async () => {
      const page = await open.fetch({ url: `http://127.0.0.1:${untyped.port}/` });
      expect(page.contentType).toBe("text/html");
    });
  });

  describe("character encodings", () => {
    test("decodes the charset of the Content-Type", async () => {
      expect((await open.fetch({ url: `${base}/latin1` })).body).toBe("café");
    });

    test("decodes the charset of a <meta> tag", async () => {
      expect((await open.fetch({ url: `${base}/meta-charset` })).body).toEndWith("日本");
    });

    test("falls back to windows-1252 when undeclared bytes are not UTF-8", async () => {
      expect((await open.fetch({ url: `${base}/undeclared-legacy` })).body).toBe("naïve");
    });
  });

  describe("content types", () => {
    test("refuses an image as unsupported-type", async () => {
      expect((await failure(open.fetch({ url: `${base}/image` }))).reason).toBe("unsupported-type");
    });

    test("refuses XML as a page but fetches it as text", async () => {
      expect((await failure(open.fetch({ url: `${base}/feed.xml` }))).reason).toBe("unsupported-type");
      expect((await open.fetchText(`${base}/feed.xml`)).body).toContain("<urlset/>");
    });
  });

  describe("limits", () => {
    test("stops an endless body at the byte limit with too-large", async () => {
      expect((await failure(open.fetch({ url: `${base}/endless` }))).reason).toBe("too-large");
    });

    test("refuses a declared length over the limit", async () => {
      expect((await failure(open.fetch({ url: `${base}/declared-big` }))).reason).toBe("too-large");
    });

    test("gives up on a slow server with timeout", async () => {
      const quick = new HttpFetcher({ allowPrivateNetworks: true, timeoutMs: 100 });
      expect((await failure(quick.fetch({ url: `${base}/slow` }))).reason).toBe("timeout");
    });

    test("rejects with the caller's abort reason, not a FetchFailure, when the caller aborts", async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error("cancelled")), 20);
      await expect(open.fetch({ url: `${base}/slow`, signal: controller.signal })).rejects.toThrow("cancelled");
    });
  });

  describe("redirects", () => {
    test("follows a chain and reports the final address", async () => {
      const page = await open.fetch({ url: `${base}/hop1` });
      expect(page.url).toBe(`${base}/page`);
      expect(page.body).toContain("Hello");
    });

    test("asks allowRedirect about every hop", async () => {
      const asked: string[] = [];
      await open.fetch({ url: `${base}/hop1`, allowRedirect: (url) => (asked.push(url), true) });
      expect(asked).toEqual([`${base}/hop2`, `${base}/page`]);
      const refused = await failure(open.fetch({ url: `${base}/hop1`, allowRedirect: (url) => !url.endsWith("/page") }));
      expect(refused.reason).toBe("redirect-out-of-scope");
    });

    test("stops a loop with too-many-redirects", async () => {
      expect((await failure(open.fetch({ url: `${base}/loop` }))).reason).toBe("too-many-redirects");
    });

    test("refuses a redirect to another scheme", async () => {
      expect((await failure(open.fetch({ url: `${base}/to-ftp` }))).reason).toBe("redirect-out-of-scope");
    });
  });

  describe("the address guard", () => {
    // The test server is on loopback, so the fetcher trusts the name "localhost" and nothing else private:
    // each redirect below leaves that name for a private address and must be refused before it connects.
    const guarded = new HttpFetcher({ trustedHosts: ["localhost"], timeoutMs: 1000 });
    const trusted = `http://localhost:${server.port}`;

    test("fetches the trusted name itself", async () => {
      expect((await guarded.fetch({ url: `${trusted}/page` })).status).toBe(200);
    });

    test("refuses a loopback address in the first request", async () => {
      expect((await failure(guarded.fetch({ url: `${base}/page` }))).reason).toBe("blocked-address");
    });

    test("refuses redirects to the metadata service and to loopback in any spelling", async () => {
      for (const path of ["/to-metadata", "/to-loopback", "/to-decimal", "/to-mapped"]) {
        const refused = await failure(guarded.fetch({ url: `${trusted}${path}` }));
        expect(refused.reason).toBe("blocked-address");
      }
    });

    test("is off entirely with allowPrivateNetworks", async () => {
      expect((await open.fetch({ url: `${base}/to-decimal` })).status).toBe(200);
    });
  });
});
