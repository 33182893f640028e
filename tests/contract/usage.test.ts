import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { addAnswer, addPages, createSite, dayString, recordQueries, utcMidnight } from "../fixtures/analytics-data.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

async function orgWithSite(plan: "free" | "pro" = "pro") {
  const org = await ctx.createOrg(plan);
  return { ...org, siteId: await createSite(ctx, org.orgId) };
}

const thisMonth = () => new Date().toISOString().slice(0, 7);
const startOfMonth = () => new Date(`${thisMonth()}-01T00:00:00Z`);

async function recordUsage(
  orgId: string,
  siteId: string | null,
  calls: { purpose: "chat" | "ingest"; model: string; inputTokens: number; outputTokens: number; at?: Date }[],
) {
  for (const call of calls) ctx.parts.analytics.usageRecorder.record({ orgId, siteId, ...call });
  await ctx.parts.analytics.usageRecorder.flush();
}

describe("GET /api/usage", () => {
  test("an organisation with nothing recorded answers the current month with zeros", async () => {
    const { key } = await orgWithSite();
    const res = await ctx.request("GET", "/api/usage", { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      month: thisMonth(),
      ai: {
        totalRequests: 0,
        totalInputTokens: 0,
        totalOutputTokens: 0,
        totalTokens: 0,
        estimatedCost: 0,
        ingest: { requests: 0, tokens: 0 },
        chat: { requests: 0, tokens: 0 },
      },
      vectorDb: { totalCollections: 0, totalDocuments: 0 },
      searches: { total: 0, chat: 0 },
    });
  });

  test("sums the month's tokens by purpose, prices them per model and counts vectors and queries", async () => {
    const { orgId, key, siteId } = await orgWithSite();
    const empty = await createSite(ctx, orgId, "Empty");
    await addPages(ctx, siteId, 2, 3);
    await addPages(ctx, empty, 1, 0);
    const inMonth = new Date(startOfMonth().getTime() + 1000);
    await recordUsage(orgId, siteId, [
      { purpose: "chat", model: "claude-sonnet-4-5", inputTokens: 1_000_000, outputTokens: 100_000, at: inMonth },
      { purpose: "chat", model: "claude-haiku-4-5-20251001", inputTokens: 1_000_000, outputTokens: 0 },
      { purpose: "ingest", model: "some-unknown-model", inputTokens: 500_000, outputTokens: 0 },
      { purpose: "ingest", model: "claude-sonnet-4-5", inputTokens: 1, outputTokens: 1, at: new Date(startOfMonth().getTime() - 1) },
    ]);
    await recordQueries(ctx, orgId, siteId, [
      { query: "a", times: 3 },
      { query: "b", kind: "chat", times: 2 },
    ]);
    const res = await ctx.request("GET", `/api/usage?month=${thisMonth()}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.ai).toEqual({
      totalRequests: 3,
      totalInputTokens: 2_500_000,
      totalOutputTokens: 100_000,
      totalTokens: 2_600_000,
      // sonnet 3 + 1.5, haiku 1, unknown at the sonnet price 1.5
      estimatedCost: 7,
      ingest: { requests: 1, tokens: 500_000 },
      chat: { requests: 2, tokens: 2_100_000 },
    });
    expect(res.body.vectorDb).toEqual({ totalCollections: 1, totalDocuments: 6 });
    expect(res.body.searches).toEqual({ total: 5, chat: 2 });
  });

  test("another month counts only its own events", async () => {
    const { orgId, key } = await orgWithSite();
    await recordUsage(orgId, null, [{ purpose: "ingest", model: "claude-haiku-4-5", inputTokens: 10, outputTokens: 5, at: new Date("2024-02-29T23:59:59Z") }]);
    const feb = await ctx.request("GET", "/api/usage?month=2024-02", { key });
    expect(feb.body.month).toBe("2024-02");
    expect(feb.body.ai.ingest).toEqual({ requests: 1, tokens: 15 });
    expect((await ctx.request("GET", "/api/usage?month=2024-03", { key })).body.ai.totalRequests).toBe(0);
  });

  for (const bad of ["2024-13", "2024-00", "2024-1", "24-01", "2024/01", "january"]) {
    test(`month=${bad} is 400 with a sentence naming YYYY-MM`, async () => {
      const { key } = await orgWithSite();
      const res = await ctx.request("GET", `/api/usage?month=${bad}`, { key });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain("YYYY-MM");
    });
  }

  test("a free-plan key may read usage", async () => {
    const { key } = await orgWithSite("free");
    expect((await ctx.request("GET", "/api/usage", { key })).status).toBe(200);
  });
});

describe("GET /api/sites/:siteId/usage", () => {
  test("always has the same shape: zeros and every day when nothing is recorded", async () => {
    const { key, siteId } = await orgWithSite();
    const res = await ctx.request("GET", `/api/sites/${siteId}/usage?range=7d`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ siteId, range: "7d", searches: 0, chats: 0, totalTokens: 0 });
    expect(res.body.daily).toHaveLength(7);
    expect(res.body.daily.every((d: { searches: number; chats: number }) => d.searches === 0 && d.chats === 0)).toBe(true);
  });

  test("counts the site's queries and tokens in the range only", async () => {
    const { orgId, key, siteId } = await orgWithSite();
    const other = await createSite(ctx, orgId, "Other");
    await recordQueries(ctx, orgId, siteId, [
      { query: "a", times: 2 },
      { query: "b", kind: "chat" },
      { query: "old", at: utcMidnight(-40) },
    ]);
    await recordUsage(orgId, siteId, [
      { purpose: "chat", model: "claude-sonnet-4-5", inputTokens: 100, outputTokens: 20 },
      { purpose: "chat", model: "claude-sonnet-4-5", inputTokens: 999, outputTokens: 1, at: utcMidnight(-40) },
    ]);
    await recordUsage(orgId, other, [{ purpose: "chat", model: "claude-sonnet-4-5", inputTokens: 5, outputTokens: 5 }]);
    const res = await ctx.request("GET", `/api/sites/${siteId}/usage`, { key });
    expect(res.body).toMatchObject({ siteId, range: "30d", searches: 2, chats: 1, totalTokens: 120 });
    expect(res.body.daily.at(-1)).toEqual({ date: dayString(utcMidnight()), searches: 2, chats: 1 });
  });

  test("an unknown or another organisation's site is 404, a bad range 400", async () => {
    const a = await orgWithSite();
    const b = await orgWithSite();
    expect((await ctx.request("GET", `/api/sites/${a.siteId}/usage`, { key: b.key })).status).toBe(404);
    expect((await ctx.request("GET", "/api/sites/site_nope/usage", { key: b.key })).status).toBe(404);
    expect((await ctx.request("GET", `/api/sites/${b.siteId}/usage?range=0d`, { key: b.key })).status).toBe(400);
  });
});

describe("GET /api/sites/:siteId/feedback", () => {
  test("lists rated answers newest first, filtered by rating", async () => {
    const { key, siteId } = await orgWithSite();
    await addAnswer(ctx, siteId, { question: "unrated" });
    const up = await addAnswer(ctx, siteId, { question: "how to install", rating: "up", at: new Date(Date.now() - 60_000) });
    const down = await addAnswer(ctx, siteId, { question: "pricing?", rating: "down", reason: "outdated" });
    await addAnswer(ctx, siteId, { question: "too old", rating: "down", at: utcMidnight(-60) });
    const all = await ctx.request("GET", `/api/sites/${siteId}/feedback?range=30d`, { key });
    expect(all.status).toBe(200);
    expect(all.body.feedback.map((f: { answerId: string }) => f.answerId)).toEqual([down, up]);
    expect(all.body.feedback[0]).toMatchObject({ question: "pricing?", rating: "down", reason: "outdated" });
    expect(Number.isInteger(all.body.feedback[0].createdAt)).toBe(true);
    const downs = await ctx.request("GET", `/api/sites/${siteId}/feedback?rating=down`, { key });
    expect(downs.body.feedback.map((f: { answerId: string }) => f.answerId)).toEqual([down]);
    expect((await ctx.request("GET", `/api/sites/${siteId}/feedback?rating=meh`, { key })).status).toBe(400);
  });
});

describe("GET /api/sites/:siteId/unanswered-questions", () => {
  test("groups unanswered questions by normalised text, most asked first", async () => {
    const { key, siteId } = await orgWithSite();
    await addAnswer(ctx, siteId, { question: "Do you support SSO?", answered: false });
    await addAnswer(ctx, siteId, { question: "do you  support sso?", answered: false });
    await addAnswer(ctx, siteId, { question: "Is there an API?", answered: false });
    await addAnswer(ctx, siteId, { question: "What is this?", answered: true });
    const res = await ctx.request("GET", `/api/sites/${siteId}/unanswered-questions?range=7d`, { key });
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { question: string; count: number }) => [q.question, q.count])).toEqual([
      ["do you support sso?", 2],
      ["is there an api?", 1],
    ]);
    expect(Number.isInteger(res.body.questions[0].lastAskedAt)).toBe(true);
  });
});
