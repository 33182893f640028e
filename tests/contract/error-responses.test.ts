// No SQL, parameters, stack or server path in any response; a per-page section cap; every error
// logged once with a request id that the response carries too.
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext, type TestResponse } from "../fixtures/test-app.ts";
import { rows } from "../../server/adapters/postgres/database.ts";
import { Limits } from "../../shared/limits.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: "error" }, { embedder: null });
}, 180_000);
afterAll(() => ctx.close());

let logged: string[] = [];
const spy = spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(String(line)));
afterEach(() => {
  logged = [];
});
afterAll(() => spy.mockRestore());

const leaks = /insert into|select |params:|failed query|\bat .+:\d+:\d+|\/work\/|node_modules|\.ts\b/i;

describe("errors", () => {
  test("a page of 55,000 sections is refused as that page's error, with no SQL, and quickly", async () => {
    const { key } = await ctx.createOrg();
    const site = await ctx.request("POST", "/api/sites", { key, body: { name: "s", baseUrl: "https://example.com" } });
    const html = `<html><body>${"<h2>x</h2><p>y</p>".repeat(55_000)}</body></html>`;
    expect(html.length).toBeLessThan(Limits.pageContentBytes);
    const res = await ctx.request("POST", `/api/sites/${site.body.siteId}/pages`, {
      key,
      body: {
        pages: [
          { url: "https://example.com/big", content: html },
          { url: "https://example.com/small", content: "<h1>Small</h1><p>A small page.</p>" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.processed).toBe(1);
    expect(res.body.errors).toEqual([{ url: "https://example.com/big", error: expect.stringContaining(`at most ${Limits.chunksPerPage} search sections`) }]);
    expect(JSON.stringify(res.body).length).toBeLessThan(1_000);
  }, 60_000);

  describe("that nobody expected", () => {
    test("answer 500 with a fixed sentence and the request id, and are logged once under that id", async () => {
      const { key } = await ctx.createOrg();
      const db = ctx.db;
      // A real failure of the real database: the table the route reads is gone for a moment.
      await rows(db, sql`ALTER TABLE sites RENAME TO sites_gone_for_a_test`);
      let res: TestResponse;
      try {
        res = await ctx.request("GET", "/api/sites", { key, headers: { "x-request-id": "req-abc.123" } });
      } finally {
        await rows(db, sql`ALTER TABLE sites_gone_for_a_test RENAME TO sites`);
      }
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: "Internal server error.", code: "INTERNAL", requestId: "req-abc.123" });
      expect(res.headers.get("x-request-id")).toBe("req-abc.123");
      const lines = logged.filter((l) => l.includes("req-abc.123"));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error", msg: "unhandled error", requestId: "req-abc.123", method: "GET", path: "/api/sites" });
    });

    test("a page that fails to store is reported without the database's words and logged with the request id", async () => {
      const { key } = await ctx.createOrg();
      const site = await ctx.request("POST", "/api/sites", { key, body: { name: "s", baseUrl: "https://example.com" } });
      const db = ctx.db;
      await rows(db, sql`ALTER TABLE chunks RENAME TO chunks_gone_for_a_test`);
      let res: TestResponse;
      try {
        res = await ctx.request("POST", `/api/sites/${site.body.siteId}/pages`, {
          key,
          body: { pages: [{ url: "https://example.com/a", content: "Some text to store." }] },
        });
      } finally {
        await rows(db, sql`ALTER TABLE chunks_gone_for_a_test RENAME TO chunks`);
      }
      expect(res.status).toBe(200);
      expect(res.body.errors[0].error).toContain("X-Request-Id");
      expect(JSON.stringify(res.body)).not.toMatch(leaks);
      const requestId = res.headers.get("x-request-id")!;
      expect(logged.filter((l) => l.includes(requestId)).map((l) => JSON.parse(l).msg)).toEqual(["page not stored"]);
    });
  });

  test("every client error carries the request id in its body and header", async () => {
    const { key } = await ctx.createOrg();
    for (const [method, path, opts] of [
      ["GET", "/api/sites", {}],
      ["GET", "/api/sites/nope", { key }],
      ["POST", "/api/sites", { key, rawBody: "{not json" }],
      ["GET", "/no/such/route", {}],
    ] as const) {
      const res = await ctx.request(method, path, opts);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body.requestId).toBe(res.headers.get("x-request-id")!);
      expect(JSON.stringify(res.body)).not.toMatch(leaks);
    }
    expect(logged).toEqual([]);
  });
});

describe("the per-page section cap", () => {
  test("holds for a page whose headings are few enough to clean but whose sections are too many", async () => {
    const { key } = await ctx.createOrg();
    const site = await ctx.request("POST", "/api/sites", { key, body: { name: "s", baseUrl: "https://example.com" } });
    const html = `<html><body>${Array.from({ length: Limits.chunksPerPage + 50 }, (_, i) => `<h2>Part ${i}</h2><p>Text of part ${i}.</p>`).join("")}</body></html>`;
    const res = await ctx.request("POST", `/api/sites/${site.body.siteId}/pages`, {
      key,
      body: { pages: [{ url: "https://example.com/many", content: html }] },
    });
    expect(res.body.errors).toEqual([
      { url: "https://example.com/many", error: expect.stringContaining(`makes ${Limits.chunksPerPage + 50} search sections`) },
    ]);
  }, 60_000);
});
