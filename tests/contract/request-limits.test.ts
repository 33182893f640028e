// Body size limits enforced while reading (tight on public routes, 110 MB only for ingestion),
// before authentication and rate limiting; a JSON nesting limit; every refusal a JSON {error, code}.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";
import { Limits } from "../../shared/limits.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { embedder: null });
}, 180_000);
afterAll(() => ctx.close());

const allowed = { origin: "https://docs.example.com" };

/** A body sent in 16 KB pieces without content-length; counts how many pieces the server pulled. */
function streamedBody(totalBytes: number) {
  const piece = new TextEncoder().encode(`{"query":"${"a".repeat(16_000)}`.slice(0, 16_000));
  const state = { pulled: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      state.pulled++;
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
  });
  return { stream, state };
}

async function send(path: string, init: RequestInit & { headers?: Record<string, string> }) {
  const response = await ctx.app.handle(new Request(`http://localhost${path}`, { duplex: "half", ...init } as RequestInit));
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
}

function expectJsonError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code });
  expect(typeof res.body.error).toBe("string");
}

describe("request bodies", () => {
  describe("on a public route", () => {
    test("a streamed body over 64 KB without content-length is refused with a JSON 413, reading stopped at the limit", async () => {
      const { siteId } = await createPublicSite(ctx);
      const { stream, state } = streamedBody(10_000_000);
      const res = await send(`/v1/public/sites/${siteId}/search`, {
        method: "POST",
        body: stream,
        headers: { ...allowed, "content-type": "application/json" },
      });
      expectJsonError(res, 413, "PAYLOAD_TOO_LARGE");
      expect(res.body.error).toContain(String(Limits.publicBodyBytes));
      // 64 KB is four or five pieces; a few more may be in flight, never the 10 MB.
      expect(state.pulled).toBeLessThan(10);
    });

    test("a declared content-length over the limit is refused without reading the body", async () => {
      const { siteId } = await createPublicSite(ctx);
      const { stream, state } = streamedBody(10_000_000);
      const res = await send(`/v1/public/sites/${siteId}/chat`, {
        method: "POST",
        body: stream,
        headers: { ...allowed, "content-type": "application/json", "content-length": "10000000" },
      });
      expectJsonError(res, 413, "PAYLOAD_TOO_LARGE");
      expect(state.pulled).toBeLessThanOrEqual(1);
    });
  });

  describe("on an authenticated route", () => {
    test("an oversized body is refused before the key is even looked at, so it costs no rate limit", async () => {
      const { key } = await ctx.createOrg();
      const body = JSON.stringify({ name: "x".repeat(Limits.apiBodyBytes), baseUrl: "https://example.com" });
      const anonymous = await send("/api/sites", { method: "POST", body, headers: { "content-type": "application/json" } });
      expectJsonError(anonymous, 413, "PAYLOAD_TOO_LARGE");
      const keyed = await send("/api/sites", { method: "POST", body, headers: { "content-type": "application/json", authorization: `Bearer ${key}` } });
      expectJsonError(keyed, 413, "PAYLOAD_TOO_LARGE");
      expect(keyed.headers.get("x-ratelimit-remaining")).toBeNull();
      const after = await ctx.request("GET", "/api/sites", { key });
      expect(after.headers.get("x-ratelimit-remaining")).toBe(String(Limits.apiPerMinutePerKey - 1));
    });

    test("page ingestion alone accepts bodies beyond the API limit", async () => {
      const { key } = await ctx.createOrg();
      const site = await ctx.request("POST", "/api/sites", { key, body: { name: "s", baseUrl: "https://example.com" } });
      // Pages just over the 1 MB page limit: the batch is read and each page refused on its own, without costly indexing.
      const pages = Array.from({ length: 4 }, (_, n) => ({ url: `https://example.com/${n}`, content: "w ".repeat(Limits.pageContentBytes / 2 + 1) }));
      expect(JSON.stringify({ pages }).length).toBeGreaterThan(Limits.apiBodyBytes);
      const res = await ctx.request("POST", `/api/sites/${site.body.siteId}/pages`, { key, body: { pages } });
      expect(res.status).toBe(200);
      expect(res.body.errors).toHaveLength(4);
      expect(res.body.errors[0].error).toContain("larger than");
      const elsewhere = await ctx.request("PUT", `/api/sites/${site.body.siteId}`, { key, body: { description: "d".repeat(Limits.apiBodyBytes) } });
      expectJsonError(elsewhere, 413, "PAYLOAD_TOO_LARGE");
    }, 60_000);

    test("page ingestion refuses a caller without a valid key before reading its large body", async () => {
      const { key, keyId } = await ctx.createOrg();
      const site = await ctx.request("POST", "/api/sites", { key, body: { name: "s", baseUrl: "https://example.com" } });
      const path = `/api/sites/${site.body.siteId}/pages`;
      const anonymous = streamedBody(50_000_000);
      expectJsonError(await send(path, { method: "POST", body: anonymous.stream, headers: { "content-type": "application/json" } }), 401, "UNAUTHORIZED");
      expect(anonymous.state.pulled).toBeLessThanOrEqual(1);
      await ctx.parts.stores.accounts.revokeKey(keyId);
      const revoked = streamedBody(50_000_000);
      const res = await send(path, { method: "POST", body: revoked.stream, headers: { "content-type": "application/json", authorization: `Bearer ${key}` } });
      expectJsonError(res, 401, "UNAUTHORIZED");
      expect(revoked.state.pulled).toBeLessThanOrEqual(1);
    }, 60_000);
  });

  describe("JSON nesting", () => {
    test("a 100,000-deep body is a 400 naming the limit, not a 500", async () => {
      const { key } = await ctx.createOrg();
      const res = await ctx.request("POST", "/api/sites", { key, rawBody: "[".repeat(100_000) + "]".repeat(100_000) });
      expectJsonError(res, 400, "INVALID_JSON");
      expect(res.body.error).toContain(`deeper than ${Limits.jsonDepthMax}`);
    });

    test("a public body nested one level past the limit is refused, one at the limit is only validated", async () => {
      const { siteId } = await createPublicSite(ctx);
      const nested = (levels: number) => `{"query":"proxy","filters":{"a":${"[".repeat(levels - 2)}${"]".repeat(levels - 2)}}}`;
      const over = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { headers: allowed, rawBody: nested(Limits.jsonDepthMax + 1) });
      expectJsonError(over, 400, "INVALID_JSON");
      const at = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { headers: allowed, rawBody: nested(Limits.jsonDepthMax) });
      expectJsonError(at, 400, "VALIDATION_FAILED");
    });

    test("a body that is not UTF-8 is a 400", async () => {
      const { key } = await ctx.createOrg();
      const res = await send("/api/sites", {
        method: "POST",
        body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      });
      expectJsonError(res, 400, "INVALID_JSON");
    });
  });
});

describe("request lines and headers", () => {
  test("a 100 KB query string is a JSON 431", async () => {
    const { siteId } = await createPublicSite(ctx);
    const res = await ctx.request("GET", `/v1/public/sites/${siteId}/search?q=${"a".repeat(100_000)}`, { headers: allowed });
    expectJsonError(res, 431, "HEADERS_TOO_LARGE");
  });

  test("headers over the limit are a JSON 431", async () => {
    const res = await ctx.request("GET", "/api/sites", { headers: { "x-padding": "p".repeat(Limits.headerBytesMax) } });
    expectJsonError(res, 431, "HEADERS_TOO_LARGE");
  });
});

describe("over real HTTP on loopback", () => {
  test("a chunked upload past the public limit gets the JSON 413, not the runtime's bare one", async () => {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", maxRequestBodySize: Number.MAX_SAFE_INTEGER, fetch: (request) => ctx.app.handle(request) });
    try {
      const { siteId } = await createPublicSite(ctx);
      const { stream } = streamedBody(5_000_000);
      const response = await fetch(`http://127.0.0.1:${server.port}/v1/public/sites/${siteId}/search`, {
        method: "POST",
        body: stream,
        headers: { ...allowed, "content-type": "application/json" },
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    } finally {
      server.stop(true);
    }
  });
});
