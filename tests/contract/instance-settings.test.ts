// Values generated once per installation and kept: the analytics salt replaces a constant every install shared.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { InstanceSettingsStore } from "../../server/adapters/postgres/instance-settings-store.ts";
import { instanceSettings, queryEvents } from "../../server/adapters/postgres/schema.ts";
import { visitorHash } from "../../server/analytics/event-recorder.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ANALYTICS_SALT: "" }, { embedder: null });
}, 60_000);
afterAll(() => ctx.close());

describe("the analytics salt", () => {
  test("without ANALYTICS_SALT, one is generated at start and stored", async () => {
    const [row] = await ctx.db.select().from(instanceSettings).where(eq(instanceSettings.key, "analytics_salt"));
    expect(row?.value).toMatch(/^[0-9a-f]{64}$/);
  });

  test("a stored value is kept: later starts (and other instances) read the first one", async () => {
    const store = new InstanceSettingsStore(ctx.db);
    const first = await store.getOrCreate("ops_test_value", () => "first");
    expect(first).toBe("first");
    expect(await store.getOrCreate("ops_test_value", () => "second")).toBe("first");
    expect(await store.getOrCreate("analytics_salt", () => "other")).not.toBe("other");
  });

  test("the query recorder hashes visitors with it", async () => {
    const { orgId } = await ctx.createOrg("pro");
    const siteId = `site_salt_${Date.now()}`;
    ctx.parts.analytics.queryRecorder.record({
      orgId,
      siteId,
      kind: "search",
      query: "salt",
      resultCount: 0,
      latencyMs: 1,
      ip: "203.0.113.1",
      channel: "public",
    });
    await ctx.flushAnalytics();
    const [event] = await ctx.db.select().from(queryEvents).where(eq(queryEvents.siteId, siteId));
    const [salt] = await ctx.db.select().from(instanceSettings).where(eq(instanceSettings.key, "analytics_salt"));
    expect(event!.visitorHash).toBe(visitorHash(salt!.value, siteId, event!.createdAt, "203.0.113.1"));
  });
});
