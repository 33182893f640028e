// The embedding queue's throughput with several organisations' sites waiting at once, so sites take turns and a run
// yields to the next site every turn: each of --sites organisations writes --pages pages of 20 sections through the
// real ingest, then the queue runs in the background (as with RUN_WORKERS) until every chunk has a vector. The model
// is a stand-in in this process (15 ms a call, as a remote model; random unit vectors), so what is measured is the
// queue and the database, not the embedder. PGlite in memory, or PostgreSQL with DATABASE_URL.
// Usage: bun bench/embedding-queue.ts [--sites 4] [--pages 40]
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { createContainer } from "../server/app.ts";
import { rows } from "../server/adapters/postgres/database.ts";
import type { Embedder } from "../server/ports/embedder.ts";

const { values } = parseArgs({ options: { sites: { type: "string", default: "4" }, pages: { type: "string", default: "40" } } });
const sites = Number(values.sites);
const pagesEach = Number(values.pages);

let seed = 1;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
const unitVector = () => {
  const v = Array.from({ length: 384 }, random);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};
const standIn: Embedder = {
  model: "stand-in-384",
  dimensions: 384,
  embed: async ({ texts }) => {
    await Bun.sleep(15);
    return { vectors: texts.map(unitVector), tokens: 0, ms: 15 };
  },
  ready: async () => {},
};

const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: "memory://", LOG_LEVEL: "warn", RUN_WORKERS: "false" });
const { services, parts } = await createContainer(config, { embedder: standIn });
const words = "install configure deploy monitor upgrade backup restore secure scale migrate tune debug".split(" ");
const section = (s: number, p: number, k: number) =>
  `<h2>Part ${k}</h2><p>${Array.from({ length: 40 }, (_, w) => `${words[(w * 7 + k + p + s) % words.length]}${(w * 13 + k * 3 + p) % 97}`).join(" ")} site ${s} page ${p} part ${k}.</p>`;
const siteIds: string[] = [];
for (let s = 0; s < sites; s++) {
  const org = await parts.stores.accounts.createOrganisation({ name: `bench ${s}`, plan: "enterprise" });
  const site = await parts.sites.sites.create(org.id, { name: `site ${s}`, baseUrl: `https://s${s}.bench.example/` });
  siteIds.push(site.siteId);
  const pages = Array.from({ length: pagesEach }, (_, p) => ({
    url: `https://s${s}.bench.example/${p}`,
    content: `<html><head><title>Site ${s} page ${p}</title></head><body><main><h1>Page ${p}</h1>${Array.from({ length: 20 }, (_, k) => section(s, p, k)).join("")}</main></body></html>`,
  }));
  for (let i = 0; i < pages.length; i += 20)
    await parts.ingest.ingest.ingestBatch(pages.slice(i, i + 20), { orgId: org.id, siteId: site.siteId, source: "api" });
}

const pending = async () =>
  Number(
    (
      await rows<{ n: number }>(
        parts.database.db,
        sql`SELECT count(*)::int AS n FROM chunks WHERE embedded_at IS NULL AND site_id = ANY(${sql.param(siteIds)}::text[])`,
      )
    )[0]?.n ?? 0,
  );
const total = await pending();
const started = performance.now();
parts.ingest.embeddingQueue?.start();
while ((await pending()) > 0) await Bun.sleep(200);
const seconds = (performance.now() - started) / 1000;
console.log(
  `${parts.database.kind}: ${sites} organisations' sites, ${total} chunks waiting: all embedded in ${seconds.toFixed(1)} s, ${(total / seconds).toFixed(1)} chunks/s`,
);
await services.close();
process.exit(0);
