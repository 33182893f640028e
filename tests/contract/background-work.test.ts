// The background work that `serve` starts (unless RUN_WORKERS=false) and `site-search worker` runs on its own: with
// Elasticsearch as the lexical engine it delivers the search outbox, and its housekeeping prunes raw analytics events
// past their retention, expired chat sessions and the job queue's dead letters past theirs. Real services on the
// database under test, fake Elasticsearch on loopback.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../fixtures/test-app.ts";
import { startFakeElasticsearch, type FakeElasticsearch } from "../fixtures/fake-elasticsearch-server.ts";
import { createSite, rawEventCount, recordQueries, utcMidnight } from "../fixtures/analytics-data.ts";
import { rows } from "../../server/adapters/postgres/database.ts";
import { chatSessions, jobs, searchOutbox } from "../../server/adapters/postgres/schema.ts";

let es: FakeElasticsearch;
let ctx: TestContext;
const prefix = `site-search-background-${Date.now()}`;

beforeAll(async () => {
  es = await startFakeElasticsearch();
  ctx = await createTestContext({ ELASTICSEARCH_URL: es.url, ELASTICSEARCH_INDEX_PREFIX: prefix, ANALYTICS_RETENTION_DAYS: "30" }, { embedder: null });
  // Rows an interrupted run left on a shared PostgreSQL would otherwise be delivered here.
  await ctx.db.delete(searchOutbox);
}, 60_000);

afterAll(async () => {
  await ctx.close();
  await es.close();
});

const docCount = () =>
  es
    .indexNames()
    .filter((name) => name.startsWith(prefix))
    .reduce((n, name) => n + es.docs(name).size, 0);

async function until(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await Bun.sleep(50);
  }
  return check();
}

test("nothing reaches Elasticsearch or is pruned until the background work starts; then the outbox drains and housekeeping runs", async () => {
  const { orgId, key } = await ctx.createOrg("pro");
  const siteId = await createSite(ctx, orgId, "Docs");
  const ingest = await ctx.request("POST", `/api/sites/${siteId}/pages`, {
    key,
    body: { pages: [{ url: "https://docs.example.com/install", title: "Install", content: "How to install the server on Linux and macOS." }] },
  });
  expect(ingest.body.processed).toBe(1);
  await recordQueries(ctx, orgId, siteId, [{ query: "old", at: utcMidnight(-60) }, { query: "new" }]);
  const expired = `sess_expired_${Date.now()}`;
  await ctx.db.insert(chatSessions).values({ id: expired, siteId, expiresAt: new Date(Date.now() - 60_000) });
  const sessionLeft = async () => (await rows(ctx.db, sql`SELECT 1 FROM chat_sessions WHERE id = ${expired}`)).length > 0;
  // Dead letters are kept JOB_DEAD_LETTER_RETENTION_DAYS (30 by default): one past it, one inside it.
  const kind = `background-test-${Date.now()}`;
  const deadAt = (days: number) => new Date(Date.now() - days * 86_400_000);
  await ctx.db.insert(jobs).values([
    { id: `${kind}-old`, kind, orgId, status: "dead", attempts: 3, maxAttempts: 3, deadAt: deadAt(40) },
    { id: `${kind}-recent`, kind, orgId, status: "dead", attempts: 3, maxAttempts: 3, deadAt: deadAt(1) },
  ]);
  const deadLeft = async () => (await rows<{ id: string }>(ctx.db, sql`SELECT id FROM jobs WHERE kind = ${kind} ORDER BY id`)).map((r) => r.id);

  await Bun.sleep(300);
  expect(docCount()).toBe(0);
  expect(await rawEventCount(ctx, siteId)).toBe(2);
  expect(await sessionLeft()).toBe(true);
  expect(await deadLeft()).toEqual([`${kind}-old`, `${kind}-recent`]);

  ctx.services.background.start();
  ctx.services.background.start();
  expect(await until(() => docCount() > 0)).toBe(true);
  expect(await until(async () => (await rawEventCount(ctx, siteId)) === 1)).toBe(true);
  expect(await until(async () => !(await sessionLeft()))).toBe(true);
  expect(await until(async () => (await deadLeft()).length === 1)).toBe(true);
  expect(await deadLeft()).toEqual([`${kind}-recent`]);
});
