import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";

let now = 1_800_000_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_STORE: "postgres" }, { clock: () => now });
}, 60_000);
afterAll(() => ctx.close());

describe("per-key rate limit (Postgres store)", () => {
  test("the 1001st request in a minute gets 429 with retryAfter and Retry-After, and the next minute is open again", async () => {
    const { key, keyId } = await ctx.createOrg("pro");
    // Fill the window directly so the test does not send a thousand requests.
    for (let i = 0; i < 999; i++) await ctx.parts.stores.limiter.check(`key:${keyId}`, 1000, {});
    expect((await ctx.request("GET", "/api/sites", { key })).status).toBe(200);
    const over = await ctx.request("GET", "/api/sites", { key });
    expect(over.status).toBe(429);
    expect(over.body.retryAfter).toBeGreaterThan(0);
    expect(over.headers.get("retry-after")).toBe(String(over.body.retryAfter));
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    now += 60;
    expect((await ctx.request("GET", "/api/sites", { key })).status).toBe(200);
  });

  test("a refunded hit no longer counts in its window, and a refund after the window has moved on changes nothing", async () => {
    const key = `refund-test:${Math.random()}`;
    const limiter = ctx.parts.stores.limiter;
    await limiter.check(key, 2, {});
    await limiter.check(key, 2, {});
    await limiter.refund(key);
    expect((await limiter.check(key, 2, {})).remaining).toBe(0);
    const over = await limiter.check(key, 2, {}).then(
      () => null,
      (error: { code?: string }) => error.code,
    );
    expect(over).toBe("RATE_LIMITED");
    now += 60;
    await limiter.refund(key);
    expect((await limiter.check(key, 2, {})).remaining).toBe(1);
  });
});

describe("token bucket (Postgres store)", () => {
  test("takes fractional costs up to the burst, refuses without spending, and refills with time", async () => {
    const key = `bucket-test:${crypto.randomUUID()}`;
    const bucket = { burst: 2, perMinute: 60, cost: 0.5 };
    for (let i = 0; i < 4; i++) await ctx.parts.stores.limiter.take(key, bucket, {});
    const headers: Record<string, string> = {};
    const refused = await ctx.parts.stores.limiter.take(key, bucket, headers).catch((e) => e);
    expect(refused.code).toBe("RATE_LIMITED");
    expect(refused.retryAfter).toBe(1);
    expect(headers["x-ratelimit-remaining"]).toBe("0");
    now += 0.5;
    await ctx.parts.stores.limiter.take(key, bucket, {});
    const whole = await ctx.parts.stores.limiter.take(key, { ...bucket, cost: 1 }, {}).catch((e) => e);
    expect(whole.code).toBe("RATE_LIMITED");
    now += 2;
    const full = await ctx.parts.stores.limiter.take(key, { ...bucket, cost: 1 }, {});
    expect(full.remaining).toBe(1);
  }, 30_000);
});
