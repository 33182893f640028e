// What keeping the typo vocabulary (site_terms triggers, migration 0009) costs ingest: the same SciFact documents
// ingested with the triggers on and then off, alternating rounds into fresh sites, on one database.
// Usage: bun bench/vocabulary-overhead.ts [--docs N] [--rounds R]. PGlite in memory by default; PostgreSQL with DATABASE_URL.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { createContainer } from "../server/app.ts";
import { rows } from "../server/adapters/postgres/database.ts";
import { loadBeir, pickDocs } from "./beir-dataset.ts";

const { values: args } = parseArgs({
  options: {
    dataset: { type: "string", default: new URL("../../../shared/data/scifact", import.meta.url).pathname },
    docs: { type: "string", default: "300" },
    rounds: { type: "string", default: "2" },
  },
});
const data = loadBeir(args.dataset!, "test");
const docs = pickDocs(data, Number(args.docs), 42).docs.slice(0, Number(args.docs));
const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATABASE_URL ? undefined : "memory://",
  RUN_WORKERS: "false",
  LOG_LEVEL: "error",
  ANTHROPIC_API_KEY: "",
});
const { services, parts } = await createContainer(config, { embedder: null });
const { db } = parts.database;
const org = await parts.stores.accounts.createOrganisation({ name: "vocabulary-bench", plan: "enterprise" });
const triggers = async (on: boolean) => {
  for (const name of ["chunks_site_terms_insert", "chunks_site_terms_delete"])
    await rows(db, sql.raw(`ALTER TABLE chunks ${on ? "ENABLE" : "DISABLE"} TRIGGER ${name}`));
};

async function round(on: boolean): Promise<number> {
  await triggers(on);
  const site = await parts.stores.sites.create({
    orgId: org.id,
    name: "bench",
    baseUrl: "https://v.bench.example",
    crawlerConfig: { maxPages: 100, maxDepth: 3, respectRobotsTxt: true, excludePatterns: [], includePatterns: [], javascriptEnabled: false },
    publicAccess: { enabled: false, searchEnabled: false, chatEnabled: false, allowedDomains: [] },
    rateLimits: { searchPerMinute: 60, chatPerMinute: 20 },
  });
  const started = performance.now();
  for (let i = 0; i < docs.length; i += 100) {
    const pages = docs
      .slice(i, i + 100)
      .map((d) => ({ url: `https://v.bench.example/${encodeURIComponent(d.id)}`, title: d.title, content: d.text.trim() || d.title }));
    await parts.ingest.ingest.ingestBatch(pages, { orgId: org.id, siteId: site.id, source: "api" });
  }
  const ms = performance.now() - started;
  await parts.stores.sites.delete(org.id, site.id);
  return ms;
}

const times = { on: [] as number[], off: [] as number[] };
for (let r = 0; r < Number(args.rounds); r++) {
  times.off.push(await round(false));
  times.on.push(await round(true));
}
await triggers(true);
const best = (list: number[]) => Math.min(...list);
console.log(
  `${docs.length} pages per round, ${parts.database.kind}: best of ${args.rounds} without the vocabulary ${best(times.off).toFixed(0)} ms, with it ${best(times.on).toFixed(0)} ms (+${((best(times.on) / best(times.off) - 1) * 100).toFixed(0)} %)`,
);
await rows(db, sql`DELETE FROM organisations WHERE id = ${org.id}`);
await services.close();
