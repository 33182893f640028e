import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addAnswer, createSite, recordQueries } from "../fixtures/analytics-data.ts";
import { chatAnswers } from "../../server/adapters/postgres/schema.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const origin = { origin: "https://docs.example.com" };

async function publicSite(publicAccess: Record<string, unknown> = {}) {
  const org = await ctx.createOrg("pro");
  const siteId = await createSite(ctx, org.orgId);
  const res = await ctx.request("PUT", `/api/sites/${siteId}`, {
    key: org.key,
    body: { publicAccess: { searchEnabled: true, chatEnabled: true, allowedDomains: ["docs.example.com", "*.example.org"], ...publicAccess } },
  });
  expect(res.status).toBe(200);
  return { ...org, siteId };
}

/** What navigator.sendBeacon sends: a text/plain Blob holding JSON. */
const beacon = (body: unknown, headers: Record<string, string> = origin) => ({
  rawBody: JSON.stringify(body),
  headers: { "content-type": "text/plain;charset=UTF-8", ...headers },
});

async function topQueries(key: string, siteId: string) {
  return (await ctx.request("GET", `/api/sites/${siteId}/top-queries`, { key })).body.topQueries;
}

describe("POST /v1/public/sites/:siteId/click", () => {
  describe("from an allowed origin", () => {
    test("a text/plain beacon is 204 and counts into the query's clicks", async () => {
      const { orgId, key, siteId } = await publicSite();
      await recordQueries(ctx, orgId, siteId, [{ query: "install guide", times: 2 }]);
      const res = await ctx.request(
        "POST",
        `/v1/public/sites/${siteId}/click`,
        beacon({ query: "Install Guide", url: "https://docs.example.com/install", position: 0 }),
      );
      expect(res.status).toBe(204);
      await ctx.parts.analytics.queryRecorder.flush();
      expect(await topQueries(key, siteId)).toEqual([{ query: "install guide", count: 2, clicks: 1 }]);
    });

    test("an application/json body works too, and a wildcard domain admits its subdomains", async () => {
      const { orgId, key, siteId } = await publicSite();
      await recordQueries(ctx, orgId, siteId, [{ query: "api" }]);
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/click`, {
        body: { query: "api", url: "https://x/y" },
        headers: { origin: "https://blog.example.org" },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("https://blog.example.org");
      await ctx.parts.analytics.queryRecorder.flush();
      expect((await topQueries(key, siteId))[0].clicks).toBe(1);
    });
  });

  describe("refused", () => {
    test("an origin not in the allowed domains is 403 and nothing is counted", async () => {
      const { orgId, key, siteId } = await publicSite();
      await recordQueries(ctx, orgId, siteId, [{ query: "api" }]);
      for (const headers of [{ origin: "https://evil.example.net" }, { origin: "https://example.org" }, {}] as Record<string, string>[]) {
        const res = await ctx.request("POST", `/v1/public/sites/${siteId}/click`, beacon({ query: "api", url: "https://x/y" }, headers));
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("ORIGIN_NOT_ALLOWED");
      }
      await ctx.parts.analytics.queryRecorder.flush();
      expect((await topQueries(key, siteId))[0].clicks).toBe(0);
    });

    test("public search switched off is 403", async () => {
      const { siteId } = await publicSite({ searchEnabled: false });
      const res = await ctx.request("POST", `/v1/public/sites/${siteId}/click`, beacon({ query: "api", url: "https://x/y" }));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("FEATURE_DISABLED");
    });

    test("an unknown site is 404", async () => {
      expect((await ctx.request("POST", "/v1/public/sites/site_nope/click", beacon({ query: "a", url: "b" }))).status).toBe(404);
    });

    test("malformed JSON, a missing url or an unknown field is 400", async () => {
      const { siteId } = await publicSite();
      const path = `/v1/public/sites/${siteId}/click`;
      const broken = await ctx.request("POST", path, { rawBody: '{"query":', headers: { "content-type": "text/plain", ...origin } });
      expect(broken.status).toBe(400);
      expect(broken.body.code).toBe("INVALID_JSON");
      const missing = await ctx.request("POST", path, beacon({ query: "a" }));
      expect(missing.status).toBe(400);
      expect(missing.body.error).toContain("url");
      expect((await ctx.request("POST", path, beacon({ query: "a", url: "b", extra: 1 }))).status).toBe(400);
    });
  });
});

describe("POST /v1/public/sites/:siteId/feedback", () => {
  test("rates the site's answer and the rating shows in the feedback list", async () => {
    const { key, siteId } = await publicSite();
    const answerId = await addAnswer(ctx, siteId, { question: "how do I install it?" });
    const res = await ctx.request("POST", `/v1/public/sites/${siteId}/feedback`, beacon({ answerId, rating: "down", reason: "  wrong version " }));
    expect(res.status).toBe(204);
    const [row] = await ctx.db.select().from(chatAnswers).where(eq(chatAnswers.id, answerId));
    expect(row).toMatchObject({ rating: "down", reason: "wrong version" });
    expect(row!.ratedAt).toBeInstanceOf(Date);
    const list = await ctx.request("GET", `/api/sites/${siteId}/feedback`, { key });
    expect(list.body.feedback).toEqual([expect.objectContaining({ answerId, question: "how do I install it?", rating: "down", reason: "wrong version" })]);
  });

  test("stores the reason tags of a thumbs-down and counts them in the feedback analytics", async () => {
    const { key, siteId } = await publicSite();
    const first = await addAnswer(ctx, siteId, { question: "how do I install it?" });
    const second = await addAnswer(ctx, siteId, { question: "what does it cost?" });
    const path = `/v1/public/sites/${siteId}/feedback`;
    expect((await ctx.request("POST", path, beacon({ answerId: first, rating: "down", tags: ["outdated", "incomplete"], reason: "old version" }))).status).toBe(
      204,
    );
    expect((await ctx.request("POST", path, { body: { answerId: second, rating: "down", tags: ["outdated"] }, headers: origin })).status).toBe(204);
    const list = await ctx.request("GET", `/api/sites/${siteId}/feedback`, { key });
    expect(list.status).toBe(200);
    expect(list.body.reasons).toEqual([
      { tag: "outdated", count: 2 },
      { tag: "incomplete", count: 1 },
    ]);
    const rated = list.body.feedback.find((f: { answerId: string }) => f.answerId === first);
    expect(rated).toMatchObject({ rating: "down", reason: "old version", tags: ["outdated", "incomplete"] });
  });

  test("an unknown tag, or a reason with a thumbs-up, is 400 and the earlier rating stays", async () => {
    const { siteId } = await publicSite();
    const answerId = await addAnswer(ctx, siteId, { question: "q" });
    const path = `/v1/public/sites/${siteId}/feedback`;
    await ctx.request("POST", path, { body: { answerId, rating: "down", tags: ["unclear"] }, headers: origin });
    const unknown = await ctx.request("POST", path, { body: { answerId, rating: "down", tags: ["rude"] }, headers: origin });
    expect(unknown.status).toBe(400);
    const upWithTags = await ctx.request("POST", path, { body: { answerId, rating: "up", tags: ["unclear"] }, headers: origin });
    expect(upWithTags.status).toBe(400);
    expect(upWithTags.body).toMatchObject({ error: "reason and tags go with rating down only.", code: expect.any(String) });
    const [row] = await ctx.db.select().from(chatAnswers).where(eq(chatAnswers.id, answerId));
    expect(row).toMatchObject({ rating: "down", reasonTags: ["unclear"] });
  });

  test("a later rating replaces the earlier one", async () => {
    const { siteId } = await publicSite();
    const answerId = await addAnswer(ctx, siteId, { question: "q" });
    const path = `/v1/public/sites/${siteId}/feedback`;
    await ctx.request("POST", path, { body: { answerId, rating: "down", reason: "meh" }, headers: origin });
    expect((await ctx.request("POST", path, { body: { answerId, rating: "up" }, headers: origin })).status).toBe(204);
    const [row] = await ctx.db.select().from(chatAnswers).where(eq(chatAnswers.id, answerId));
    expect(row).toMatchObject({ rating: "up", reason: null });
  });

  test("another site's answer is 404 and stays unrated", async () => {
    const a = await publicSite();
    const b = await publicSite();
    const answerId = await addAnswer(ctx, a.siteId, { question: "q" });
    const res = await ctx.request("POST", `/v1/public/sites/${b.siteId}/feedback`, beacon({ answerId, rating: "up" }));
    expect(res.status).toBe(404);
    const [row] = await ctx.db.select().from(chatAnswers).where(eq(chatAnswers.id, answerId));
    expect(row!.rating).toBeNull();
  });

  test("the widget's JSON rating gets its CORS preflight from an allowed origin only", async () => {
    const { siteId } = await publicSite();
    const path = `/v1/public/sites/${siteId}/feedback`;
    const allowed = await ctx.request("OPTIONS", path, { headers: { ...origin, "access-control-request-method": "POST" } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(origin.origin);
    expect((await ctx.request("OPTIONS", path, { headers: { origin: "https://evil.example.net", "access-control-request-method": "POST" } })).status).toBe(403);
  });

  test("ratings are limited per IP at the chat rate, without using up the visitor's chats", async () => {
    const { key, siteId } = await publicSite();
    await ctx.request("PUT", `/api/sites/${siteId}`, { key, body: { rateLimits: { searchPerMinute: 60, chatPerMinute: 1 } } });
    const answerId = await addAnswer(ctx, siteId, { question: "q" });
    const path = `/v1/public/sites/${siteId}/feedback`;
    expect((await ctx.request("POST", path, beacon({ answerId, rating: "up" }))).status).toBe(204);
    const over = await ctx.request("POST", path, beacon({ answerId, rating: "down" }));
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe(String(over.body.retryAfter));
    const chat = await ctx.request("POST", `/v1/public/sites/${siteId}/chat`, { body: { query: "anything" }, headers: origin });
    expect(chat.status).toBe(200);
  });

  test("public chat switched off is 403, a bad rating 400", async () => {
    const off = await publicSite({ chatEnabled: false });
    expect((await ctx.request("POST", `/v1/public/sites/${off.siteId}/feedback`, beacon({ answerId: "x", rating: "up" }))).status).toBe(403);
    const on = await publicSite();
    const bad = await ctx.request("POST", `/v1/public/sites/${on.siteId}/feedback`, beacon({ answerId: "x", rating: "great" }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("rating");
  });
});
