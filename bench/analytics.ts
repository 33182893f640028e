// Loads a year of recorded queries (100k by default, over several sites) and times the analytics
// endpoints, p50/p95 over repeated calls. PGlite by default; PostgreSQL when DATABASE_URL is set.
// Usage: bun bench/analytics.ts [events=100000] [sites=5] [runs=40]
import { createTestContext } from "../tests/fixtures/test-app.ts";
import { createSite, DAY_MS } from "../tests/fixtures/analytics-data.ts";
import type { QueryEventRow } from "../server/ports/analytics-store.ts";
import { normalizeQuery } from "../server/analytics/normalize-query.ts";

const [events = 100_000, siteCount = 5, runs = 40] = process.argv.slice(2).map(Number);
const engine = process.env.DATABASE_URL ? "postgres" : "pglite";

// A Zipf-like vocabulary: a few queries are very common, most are rare, as on real sites.
const vocabulary = Array.from({ length: 3000 }, (_, i) => `query ${i} ${["install", "pricing", "api", "login", "export"][i % 5]}`);
const pickQuery = () => vocabulary[Math.min(vocabulary.length - 1, Math.floor(Math.random() ** 3 * vocabulary.length))]!;

const ctx = await createTestContext();
const { orgId, key } = await ctx.createOrg("pro");
const siteIds: string[] = [];
for (let i = 0; i < siteCount; i++) siteIds.push(await createSite(ctx, orgId, `Site ${i}`));

const now = Date.now();
const loadStart = performance.now();
const BATCH = 5000;
for (let done = 0; done < events; done += BATCH) {
  const batch: QueryEventRow[] = [];
  for (let i = done; i < Math.min(events, done + BATCH); i++) {
    batch.push({
      orgId,
      siteId: siteIds[i % siteCount]!,
      kind: Math.random() < 0.2 ? "chat" : "search",
      query: normalizeQuery(pickQuery()),
      resultCount: Math.random() < 0.08 ? 0 : 5,
      latencyMs: 20,
      visitorHash: null,
      channel: "public",
      createdAt: new Date(now - Math.random() * 365 * DAY_MS),
    });
  }
  await ctx.parts.stores.analytics.writeQueryEvents(batch, []);
}
const loadMs = performance.now() - loadStart;

const site = siteIds[0]!;
const endpoints = [
  "/api/analytics?range=30d",
  "/api/analytics?range=365d",
  "/api/analytics?range=24h",
  `/api/analytics?range=365d&siteId=${site}`,
  `/api/sites/${site}/top-queries?range=365d&limit=100`,
  `/api/sites/${site}/no-result-queries?range=365d`,
  `/api/sites/${site}/usage?range=365d`,
  "/api/usage",
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const table: { endpoint: string; p50: string; p95: string; max: string }[] = [];
for (const path of endpoints) {
  const first = await ctx.request("GET", path, { key });
  if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${JSON.stringify(first.body)}`);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await ctx.request("GET", path, { key });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  table.push({ endpoint: path.replace(site, ":siteId"), p50: pct(times, 50).toFixed(1), p95: pct(times, 95).toFixed(1), max: times.at(-1)!.toFixed(1) });
}

const [{ n: rollupRows } = { n: 0 }] = (await ctx.db
  .execute(
    // Plain count for the report; both drivers return it (rows or array).
    (
      await import("drizzle-orm")
    ).sql`SELECT count(*)::int AS n FROM query_daily WHERE org_id = ${orgId}`,
  )
  .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { n: number }[] }).rows))) as { n: number }[];

console.log(
  `analytics bench on ${engine}: ${events} events over 365 days, ${siteCount} sites, ${rollupRows} rollup rows; load ${(loadMs / 1000).toFixed(1)} s (${Math.round(events / (loadMs / 1000))} events/s); ${runs} runs per endpoint, ms`,
);
console.table(table);
await ctx.close();
