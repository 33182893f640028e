// Traffic benchmark: simulated visitors typing FAQ questions at a human pace (jittered keys, the odd typo and its
// backspace, a pause to read) into the widget's own request discipline (its SearchController) against the real server
// over HTTP, with the Apache httpd manual pushed as HTML pages. Each visitor has its own address (X-Forwarded-For), so
// the default per-visitor limits apply as in production. Reports answers/s, p50/p95/p99 per speed, 429s, errors,
// the process's CPU and RSS, at each visitor count.
// Usage: bun bench/traffic.ts [--visitors 10,30,60,100] [--seconds 20] [--site DIR]   (PGlite, or DATABASE_URL)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { createApp, createServices } from "../server/app.ts";
import { rows } from "../server/adapters/postgres/database.ts";
import type { SearchResponse, SearchSpeed } from "../shared/search.ts";
import { SearchController } from "../widget/controllers/search-controller.ts";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    visitors: { type: "string", default: "10,30,60,100" },
    seconds: { type: "string", default: "20" },
    site: { type: "string" },
  },
});
const root = values.site ?? new URL("../../shared/data/httpd-docs/site/", import.meta.url).pathname;
const levels = values.visitors!.split(",").map(Number);
const seconds = Number(values.seconds);
const questions = [
  "How do I set up virtual hosts?",
  "How do I enable mod_rewrite?",
  "How do I configure SSL?",
  "How do I redirect http to https?",
  "What is the difference between Alias and Redirect?",
  "How do I password protect a directory?",
  "How do I turn on directory listings?",
  "How do I run CGI scripts?",
  "Where are the log files?",
  "How do I use .htaccess files?",
  "How do I set up a reverse proxy?",
  "How do I limit request body size?",
];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : path.endsWith(".html") ? [path] : [];
  });
}

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? "memory://", LOG_LEVEL: "warn", RUN_WORKERS: "false", TRUST_PROXY: "true" });
const services = await createServices(config);
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createApp(services).fetch });
const org = await services.accounts.createOrganisation({ name: "traffic", plan: "enterprise" });
const site = await services.sites.create(org.id, { name: "httpd manual", baseUrl: "https://httpd.bench.example/" });
await services.sites.update(org.id, site.siteId, { publicAccess: { enabled: true, searchEnabled: true, allowedDomains: ["httpd.bench.example"] } });
const files = htmlFiles(root);
for (let i = 0; i < files.length; i += 50) {
  const pages = files.slice(i, i + 50).map((file) => ({ url: `https://httpd.bench.example/${relative(root, file)}`, content: readFileSync(file, "utf8") }));
  await services.ingest.ingestBatch(pages, { orgId: org.id, siteId: site.siteId, source: "api" });
}
await rows(services.database.db, sql`ANALYZE chunks`);
const [{ n: chunkCount } = { n: 0 }] = await rows<{ n: number }>(
  services.database.db,
  sql`SELECT count(*)::int AS n FROM chunks WHERE site_id = ${site.siteId}`,
);
console.error(`${files.length} pages, ${chunkCount} chunks on ${services.database.kind}; embedder ${services.embedder?.model ?? "none"}`);

// The first query loads the embedding model; no visitor should pay for that inside a measurement.
await services.search.hybrid.search({ siteIds: [site.siteId], query: "warm up the model", limit: 10, minScore: 0 });

/** Where one search's time goes with nobody else asking: each question's prefixes, at each speed, in turn. */
async function solo(speed: SearchSpeed) {
  const times: Record<"total" | "lexical" | "embed" | "vector", number[]> = { total: [], lexical: [], embed: [], vector: [] };
  for (const question of questions.slice(0, 6)) {
    for (let end = 4; end <= question.length; end += 6) {
      const found = await services.search.hybrid.search({ siteIds: [site.siteId], query: question.slice(0, end), limit: 10, minScore: 0.3, speed });
      times.total.push(found.timingMs);
      times.lexical.push(found.costs.lexicalMs);
      times.embed.push(found.costs.embedMs);
      times.vector.push(found.costs.vectorMs);
    }
  }
  const p50 = (list: number[]) => percentile(list, 0.5);
  console.log(
    `solo ${speed}: p50 ${p50(times.total)} ms (keyword ${p50(times.lexical)}, embed ${p50(times.embed)}, vector ${p50(times.vector)}), p95 ${percentile(times.total, 0.95)} ms over ${times.total.length} searches`,
  );
}

interface Sample {
  speed: SearchSpeed;
  ms: number;
  status: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jitter = (low: number, high: number) => low + Math.random() * (high - low);

/** One visitor: types questions key by key through the widget's controller until the deadline. */
async function visitor(id: number, deadline: number, samples: Sample[]): Promise<void> {
  const address = `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`;
  const host = { addController() {}, removeController() {}, requestUpdate() {}, updateComplete: Promise.resolve(true) };
  const controller = new SearchController(host, {
    fetchResults: async (q: string, signal: AbortSignal, speed: SearchSpeed): Promise<SearchResponse> => {
      const started = performance.now();
      const params = new URLSearchParams({ q, ...(speed === "instant" ? { speed } : {}) });
      try {
        const response = await fetch(`${server.url}v1/public/sites/${site.siteId}/search?${params}`, { signal, headers: { "x-forwarded-for": address } });
        const body = await response.json();
        samples.push({ speed, ms: performance.now() - started, status: response.status });
        if (!response.ok) throw { message: body.error, code: body.code, status: response.status, retryAfter: body.retryAfter };
        return body as SearchResponse;
      } catch (error) {
        if ((error as { name?: string }).name !== "AbortError" && !(error as { status?: number }).status) samples.push({ speed, ms: 0, status: 0 });
        throw error;
      }
    },
  });
  await sleep(Math.random() * 2000);
  for (let n = id; performance.now() < deadline; n++) {
    const question = questions[n % questions.length]!;
    let typed = "";
    for (const char of question) {
      if (performance.now() >= deadline) break;
      if (Math.random() < 0.03) {
        // A typo, noticed and taken back.
        controller.search((typed += "x"));
        await sleep(jitter(150, 300));
        controller.search((typed = typed.slice(0, -1)));
        await sleep(jitter(100, 160));
      }
      controller.search((typed += char));
      await sleep(jitter(90, 160));
    }
    await sleep(jitter(1500, 3000));
  }
  controller.cancel();
}

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
};

await solo("instant");
await solo("full");
console.log(`| visitors | answers/s | instant p50/p95/p99 ms | full p50/p95/p99 ms | 429s | errors | CPU % | RSS MB |`);
console.log(`|---|---|---|---|---|---|---|---|`);
for (const count of levels) {
  const samples: Sample[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: count }, (_, i) => visitor(i + count * 1000, deadline, samples)));
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const ok = samples.filter((s) => s.status === 200);
  const by = (speed: SearchSpeed) => ok.filter((s) => s.speed === speed).map((s) => s.ms);
  const line = (speed: SearchSpeed) => `${percentile(by(speed), 0.5)} / ${percentile(by(speed), 0.95)} / ${percentile(by(speed), 0.99)}`;
  const refused = samples.filter((s) => s.status === 429).length;
  const errors = samples.filter((s) => s.status !== 200 && s.status !== 429).length;
  const cpuPercent = Math.round(((used.user + used.system) / 1e6 / elapsed) * 100);
  const rss = Math.round(process.memoryUsage().rss / 1e6);
  console.log(`| ${count} | ${(ok.length / elapsed).toFixed(1)} | ${line("instant")} | ${line("full")} | ${refused} | ${errors} | ${cpuPercent} | ${rss} |`);
  // Let the answers still on their way finish before the next level starts.
  await sleep(2000);
}
server.stop(true);
await services.close();
process.exit(0);
