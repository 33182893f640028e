// TRUST_PROXY: the per-IP limit counts the address the trusted proxy saw, so rotating the client-written part of
// X-Forwarded-For does not escape it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, testConfig, type TestContext } from "../fixtures/test-app.ts";
import { createPublicSite } from "../fixtures/search-pages.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: "1" }, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

const search = (siteId: string, forwardedFor: string) =>
  ctx.request("GET", `/v1/public/sites/${siteId}/search?q=proxy&limit=1`, { headers: { origin: "https://docs.example.com", "x-forwarded-for": forwardedFor } });

describe("behind one trusted proxy", () => {
  test("a rotated leftmost X-Forwarded-For entry does not escape the per-IP limit", async () => {
    const { siteId } = await createPublicSite(ctx, { rateLimits: { searchPerMinute: 2 } });
    expect((await search(siteId, "1.1.1.1, 203.0.113.50")).status).toBe(200);
    expect((await search(siteId, "2.2.2.2, 203.0.113.50")).status).toBe(200);
    const third = await search(siteId, "3.3.3.3, 203.0.113.50");
    expect(third.status).toBe(429);
    expect(third.body.retryAfter).toBeGreaterThan(0);
    // A different visitor, as the proxy saw it, has a limit of its own.
    expect((await search(siteId, "3.3.3.3, 203.0.113.51")).status).toBe(200);
  });
});

describe("TRUST_PROXY settings", () => {
  test("a value that is no boolean, count or address list stops start-up with a sentence", () => {
    expect(() => testConfig({ TRUST_PROXY: "my-proxy" })).toThrow(/^TRUST_PROXY must be false, true \(one proxy\), a number of proxy hops/);
    expect(testConfig({ TRUST_PROXY: "10.0.0.0/8,::1" }).trustProxy).toEqual(["10.0.0.0/8", "::1"]);
  });
});
