// CORS on public endpoints: Vary: Origin on every response (cacheable GETs without Origin included); a refused origin
// can read its 403 (which holds only the refusal's sentence), but its preflight is refused without an allow-origin.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addPages, createPublicSite, docsPages } from "../fixtures/search-pages.ts";
import { Limits } from "../../shared/limits.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ANTHROPIC_API_KEY: "" }, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

const allowed = "https://docs.example.com";
const evil = "https://evil.example.net";

async function site() {
  const created = await createPublicSite(ctx, { publicAccess: { chatEnabled: true } }, "enterprise");
  await addPages(ctx, created.siteId, docsPages);
  return created;
}

describe("public responses", () => {
  describe("Vary: Origin", () => {
    test("is on a cacheable GET without an Origin, which carries no allow-origin", async () => {
      const { siteId } = await site();
      const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60");
      expect(res.headers.get("vary")).toBe("Origin");
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    });

    test("is on the same GET from an allowed origin, which gets its origin echoed", async () => {
      const { siteId } = await site();
      const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, { headers: { origin: allowed } });
      expect(res.headers.get("vary")).toBe("Origin");
      expect(res.headers.get("access-control-allow-origin")).toBe(allowed);
    });

    test("is on errors: a 400, a 404 and chat", async () => {
      const { siteId } = await site();
      for (const [method, path, body] of [
        ["GET", `/v1/public/sites/${siteId}/search?q=`, undefined],
        ["GET", `/v1/public/sites/site_nope/search?q=x`, undefined],
        ["POST", `/v1/public/sites/${siteId}/chat`, { query: "How do I configure the proxy?" }],
        ["POST", `/v1/public/sites/${siteId}/search`, { query: "proxy" }],
      ] as const) {
        const res = await ctx.request(method, path, { body });
        expect(`${method} ${path} ${res.headers.get("vary")}`).toBe(`${method} ${path} Origin`);
      }
    });
  });

  describe("a refused origin", () => {
    test("site search is a 403 the page can read: its origin echoed, no results", async () => {
      const { siteId } = await site();
      const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, { headers: { origin: evil } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("ORIGIN_NOT_ALLOWED");
      expect(res.body.results).toBeUndefined();
      expect(res.headers.get("access-control-allow-origin")).toBe(evil);
      expect(res.headers.get("vary")).toBe("Origin");
    });

    test("chat, group search and clicks are readable 403s; preflights are 403 without allow-origin", async () => {
      const { key, siteId } = await site();
      const group = await ctx.request("POST", "/api/groups", { key, body: { name: "G", siteIds: [siteId] } });
      const calls = [
        ["POST", `/v1/public/sites/${siteId}/chat`, { query: "proxy?" }],
        ["POST", `/v1/public/sites/${siteId}/search`, { query: "proxy" }],
        ["OPTIONS", `/v1/public/sites/${siteId}/search`, undefined],
        ["OPTIONS", `/v1/public/sites/${siteId}/chat`, undefined],
        ["GET", `/v1/public/groups/${group.body.groupId}/search?q=proxy`, undefined],
        ["POST", `/v1/public/sites/${siteId}/click`, { query: "proxy", url: "https://docs.example.com/guide/proxy", position: 1 }],
      ] as const;
      for (const [method, path, body] of calls) {
        const res = await ctx.request(method, path, { body, headers: { origin: evil } });
        const echoed = method === "OPTIONS" ? null : evil;
        expect(`${method} ${path} ${res.status} ${res.headers.get("access-control-allow-origin")}`).toBe(`${method} ${path} 403 ${echoed}`);
      }
    });
  });
});

describe("refusals before routing (the widget must be able to read them)", () => {
  /** Straight to the app, so a body can be streamed without a content-length. */
  async function send(path: string, init: RequestInit & { headers: Record<string, string> }) {
    const response = await ctx.app.handle(new Request(`http://localhost${path}`, { duplex: "half", ...init } as RequestInit));
    return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
  }
  const streamed = (bytes: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`{"query":"${"a".repeat(bytes)}"}`));
        controller.close();
      },
    });
  const over = Limits.publicBodyBytes + 1000;

  test("a 413 for a body read past the public limit carries the allow-origin and Vary", async () => {
    const { siteId } = await site();
    const res = await send(`/v1/public/sites/${siteId}/search`, {
      method: "POST",
      body: streamed(over),
      headers: { origin: allowed, "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("PAYLOAD_TOO_LARGE");
    expect(res.headers.get("access-control-allow-origin")).toBe(allowed);
    expect(res.headers.get("vary")).toBe("Origin");
  });

  test("a 413 for a declared content-length over the limit carries them too", async () => {
    const { siteId } = await site();
    const body = `{"query":"${"a".repeat(over)}"}`;
    const res = await send(`/v1/public/sites/${siteId}/chat`, {
      method: "POST",
      body,
      headers: { origin: allowed, "content-type": "application/json", "content-length": String(body.length) },
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("access-control-allow-origin")).toBe(allowed);
    expect(res.headers.get("access-control-expose-headers")).toContain("Retry-After");
  });

  test("a 431 for an over-long URL and one for over-large headers carry them too", async () => {
    const { siteId } = await site();
    const longUrl = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=${"a".repeat(Limits.urlBytesMax)}`, { headers: { origin: allowed } });
    const bigHeaders = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy`, {
      headers: { origin: allowed, "x-padding": "p".repeat(Limits.headerBytesMax) },
    });
    for (const res of [longUrl, bigHeaders]) {
      expect(res.status).toBe(431);
      expect(res.body.code).toBe("HEADERS_TOO_LARGE");
      expect(res.headers.get("access-control-allow-origin")).toBe(allowed);
      expect(res.headers.get("vary")).toBe("Origin");
    }
  });

  test("the same refusals on /api carry no CORS headers", async () => {
    const res = await ctx.request("GET", "/api/sites", { headers: { origin: allowed, "x-padding": "p".repeat(Limits.headerBytesMax) } });
    expect(res.status).toBe(431);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("vary")).toBeNull();
  });
});
