import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { generateApiKey } from "../../server/accounts/api-key-format.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe("authentication", () => {
  describe("a request without a key", () => {
    test("returns 401 with an error sentence", async () => {
      const res = await ctx.request("GET", "/api/sites");
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "UNAUTHORIZED" });
      expect(res.body.error).toContain("Authorization");
    });
  });

  describe("a malformed or unknown key", () => {
    test("returns 401 for a non-bearer header", async () => {
      expect((await ctx.request("GET", "/api/sites", { headers: { authorization: "Basic abc" } })).status).toBe(401);
    });
    test("returns 401 for a well-formed key that was never issued", async () => {
      expect((await ctx.request("GET", "/api/sites", { key: generateApiKey("live").key })).status).toBe(401);
    });
    test("returns 401 for a key with a broken checksum", async () => {
      const { key } = await ctx.createOrg("pro");
      expect((await ctx.request("GET", "/api/sites", { key: key.slice(0, -1) + (key.endsWith("a") ? "b" : "a") })).status).toBe(401);
    });
  });

  describe("a revoked key", () => {
    test("is refused on its very next request", async () => {
      const { key, keyId } = await ctx.createOrg("pro");
      expect((await ctx.request("GET", "/api/sites", { key })).status).toBe(200);
      await ctx.parts.stores.accounts.revokeKey(keyId);
      const res = await ctx.request("GET", "/api/sites", { key });
      expect(res.status).toBe(401);
    });
  });

  describe("an unauthenticated request with an invalid body", () => {
    test("is refused as 401 before the body is validated", async () => {
      const res = await ctx.request("POST", "/api/sites", { body: { nope: true } });
      expect(res.status).toBe(401);
    });
  });
});

describe("plans", () => {
  describe("a free organisation", () => {
    test("can list its sites", async () => {
      const { key } = await ctx.createOrg("free");
      expect((await ctx.request("GET", "/api/sites", { key })).status).toBe(200);
    });
    test("gets 403 with the plan message when it writes through the API", async () => {
      const { key } = await ctx.createOrg("free");
      const res = await ctx.request("POST", "/api/sites", { key, body: { name: "x", baseUrl: "https://x.example.com" } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("API access requires Pro or Enterprise plan");
    });
  });
});

describe("rate limit headers", () => {
  test("every authenticated response carries X-RateLimit-Limit, -Remaining and -Reset", async () => {
    const { key } = await ctx.createOrg("pro");
    const first = await ctx.request("GET", "/api/sites", { key });
    const second = await ctx.request("GET", "/api/sites", { key });
    expect(first.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(Number(first.headers.get("x-ratelimit-remaining"))).toBe(Number(second.headers.get("x-ratelimit-remaining")) + 1);
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
  });
});

describe("errors", () => {
  test("an unknown path is a JSON 404", async () => {
    const res = await ctx.request("GET", "/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body.error).toBeString();
  });
  test("a body over the size limit is 413", async () => {
    const { key } = await ctx.createOrg("pro");
    const res = await ctx.request("POST", "/api/sites", { key, rawBody: "{}", headers: { "content-length": String(200_000_000) } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("openapi", () => {
  test("the machine-readable spec lists the sites paths", async () => {
    const res = await ctx.request("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain("/api/sites/");
  });
});

describe("health", () => {
  test("shows only the status to anyone", async () => {
    const res = await ctx.request("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  test("reports the database to a caller with a valid key", async () => {
    const { key } = await ctx.createOrg("free", "member");
    const res = await ctx.request("GET", "/health", { key });
    expect(res.status).toBe(200);
    expect(res.body.checks.database.ok).toBe(true);
  });

  test("a revoked or made-up key sees only the status", async () => {
    const { key, keyId } = await ctx.createOrg("pro");
    await ctx.parts.stores.accounts.revokeKey(keyId);
    expect((await ctx.request("GET", "/health", { key })).body).toEqual({ status: "ok" });
    expect((await ctx.request("GET", "/health", { key: "srch_test_made_up" })).body).toEqual({ status: "ok" });
  });

  test("an expired key sees only the status, as it is refused everywhere else", async () => {
    const { orgId } = await ctx.createOrg("pro");
    const { key, prefix, hash } = generateApiKey("test");
    await ctx.parts.stores.accounts.createKey({ orgId, name: "old", role: "owner", environment: "test", prefix, hash, expiresAt: new Date(Date.now() - 1000) });
    expect((await ctx.request("GET", "/api/sites", { key })).status).toBe(401);
    expect((await ctx.request("GET", "/health", { key })).body).toEqual({ status: "ok" });
  });

  test("HEALTH_DETAILS=public shows the checks to anyone", async () => {
    const open = await createTestContext({ HEALTH_DETAILS: "public" }, { embedder: null });
    try {
      expect((await open.request("GET", "/health")).body.checks.database.ok).toBe(true);
    } finally {
      await open.close();
    }
  }, 60_000);
});
