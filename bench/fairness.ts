// Fairness between tenants under load. Organisation A pushes 100 heading-heavy pages over HTTP
// while organisation B searches; reports B's search latency idle and under A's push, and whether B's 10 new pages
// get their vectors before A's backlog is embedded. The real app on Bun.serve over loopback; embeddings from the
// OpenAI-compatible stand-in on loopback (a fixed delay per batch, as a remote model has), so the queue is the
// bottleneck being measured, not a CPU-bound model. PGlite by default; PostgreSQL with DATABASE_URL.
// Usage: bun bench/fairness.ts [--inline] [--pages 100]   (--inline cleans on the API thread, as before the worker pool;
// --pages: A's heavy pages, a multiple of 20; --local: the built-in MiniLM embedder instead of the stand-in, so A's
// passages compete with B's searches for the CPU; the run then ends once B's pages have vectors, not A's backlog;
// --skip-backlog ends there too with the stand-in)
import { sql } from "drizzle-orm";
import { createContainer } from "../server/app.ts";
import { testConfig } from "../tests/fixtures/test-app.ts";
import { generateApiKey } from "../server/accounts/api-key-format.ts";
import { rows } from "../server/adapters/postgres/database.ts";

const inline = process.argv.includes("--inline");
const local = process.argv.includes("--local");
// --skip-backlog: end once B's pages have vectors and A's push is done, without waiting for A's whole backlog.
const skipBacklog = local || process.argv.includes("--skip-backlog");
const phase = (what: string) => console.error(`[${new Date().toISOString()}] ${what}`);
process.on("unhandledRejection", (error) => console.error("unhandled rejection", error, new Error("where").stack));
const pagesArg = process.argv.indexOf("--pages");
const HEAVY_PAGES = pagesArg > 0 ? Number(process.argv[pagesArg + 1]) : 100;
// Enough idle searches for a steady p95 (it is the ratio's denominator): with 60 it moved between 33 and 48 ms from run to run.
const SEARCHES = 200;

// A remote model: 15 ms per call, in a process of its own (in this one, its work shared the thread B's searches
// run on, which a deployment's remote model does not).
const standIn = Bun.spawn([process.execPath, new URL("./embeddings-stand-in.ts", import.meta.url).pathname, "384", "15"], {
  stdout: "pipe",
  stderr: "inherit",
});
const embeddingsUrl = await firstLine(standIn.stdout);

async function firstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("The embeddings stand-in exited before printing its URL.");
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return text.split("\n")[0]!.trim();
}
const { services, parts } = await createContainer(
  testConfig({
    RUN_WORKERS: "true",
    ...(local ? {} : { EMBEDDINGS_URL: embeddingsUrl, EMBEDDINGS_MODEL: "bench-384", EMBEDDINGS_DIMENSIONS: "384" }),
    PREPARATION_WORKERS: inline ? "0" : undefined,
  }),
);
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", idleTimeout: 0, maxRequestBodySize: Number.MAX_SAFE_INTEGER, fetch: services.http.fetch });
const base = `http://127.0.0.1:${server.port}`;
const origin = "https://docs.example.com";

async function tenant(name: string) {
  const org = await parts.stores.accounts.createOrganisation({ name, plan: "pro" });
  const { key, prefix, hash } = generateApiKey("test");
  await parts.stores.accounts.createKey({ orgId: org.id, name, role: "owner", environment: "test", prefix, hash });
  const call = async (method: string, path: string, body?: unknown) => {
    // timeout: false: Bun's fetch would otherwise give up on a long ingest request under load.
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeout: false,
    } as RequestInit);
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const site = await call("POST", "/api/sites", { name, baseUrl: "https://docs.example.com" });
  await call("PUT", `/api/sites/${site.siteId}`, {
    publicAccess: { enabled: true, searchEnabled: true, allowedDomains: ["docs.example.com"] },
    rateLimits: { searchPerMinute: 1_000_000, chatPerMinute: 20 },
  });
  return { siteId: site.siteId as string, key, call };
}

/** Runs a role of bench/fairness-client.ts in a process of its own. */
function client(...args: string[]) {
  return Bun.spawn([process.execPath, new URL("./fairness-client.ts", import.meta.url).pathname, ...args], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
}

async function output(proc: ReturnType<typeof client>): Promise<string> {
  const text = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error(`a fairness client failed: ${text}`);
  return text.trim();
}

const topics = ["install", "proxy", "logging", "cache", "upgrade", "security", "backup", "metrics", "tuning", "plugins"];
const lightPage = (prefix: string, i: number) => ({
  url: `https://docs.example.com/${prefix}/${i}`,
  content: `<html><head><title>${topics[i % 10]} guide ${i}</title></head><body><main><h1>${topics[i % 10]} guide ${i}</h1>${Array.from({ length: 6 }, (_, s) => `<h2>Step ${s}</h2><p>How to ${topics[(i + s) % 10]} the server, step ${s} of guide ${i}, with examples and notes.</p>`).join("")}</main></body></html>`,
});

async function pending(siteId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(parts.database.db, sql`SELECT count(*)::int AS n FROM chunks WHERE site_id = ${siteId} AND embedded_at IS NULL`);
  return Number(row!.n);
}

/** B's searches from a client process of their own, back to back; sorted milliseconds. */
async function searches(siteId: string, count: number): Promise<number[]> {
  const times = JSON.parse(await output(client("search", base, siteId, origin, String(count)))) as number[];
  return times.sort((x, y) => x - y);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (sorted: number[]) => `p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms`;

const a = await tenant("A");
const b = await tenant("B");
await b.call("POST", `/api/sites/${b.siteId}/pages`, { pages: Array.from({ length: 20 }, (_, i) => lightPage("b", i)) });
while ((await pending(b.siteId)) > 0) await Bun.sleep(100);
phase("B ingested and embedded; measuring idle searches");
await searches(b.siteId, 10); // warm-up
const idle = await searches(b.siteId, SEARCHES);
phase(`B search idle: ${fmt(idle)}`);

const started = performance.now();
// A's bulk import from a client process of its own (bench/fairness-client.ts: four importers side by side).
const importer = client("import", base, a.key, a.siteId, String(HEAVY_PAGES));
const push = output(importer).then(() => performance.now() - started);
await Bun.sleep(500);
phase("A pushing; measuring B's searches until A's last page is stored");
// A search every 100 ms for as long as A pushes (at least 60), so the figures cover the whole push, not its start.
const searcher = client("search", base, b.siteId, origin, "60", "--until-told");
// Told when the push ends, whether it succeeded or not; a failed push then fails the run.
const pushed = push.then(
  () => null,
  (error: unknown) => error,
);
void pushed.then(() => {
  searcher.stdin.write("stop\n");
  searcher.stdin.end();
});
const loaded = (JSON.parse(await output(searcher)) as number[]).sort((x, y) => x - y);
const pushError = await pushed;
if (pushError) throw pushError;
phase(`B search while A pushes: ${fmt(loaded)}`);
// B adds 10 pages while A's pages are still being ingested and embedded.
const bAdded = performance.now();
await b.call("POST", `/api/sites/${b.siteId}/pages`, { pages: Array.from({ length: 10 }, (_, i) => lightPage("b-new", i)) });
phase("B's new pages sent; waiting for both queues");
let bEmbeddedAt = 0;
let aEmbeddedAt = 0;
let pushMs = 0;
void push.then((ms) => (pushMs = ms));
for (;;) {
  const [pb, pa] = await Promise.all([pending(b.siteId), pending(a.siteId)]);
  if (!bEmbeddedAt && pb === 0) {
    bEmbeddedAt = performance.now();
    phase(`B's 10 pages embedded; A still has ${pa} chunks waiting${pushMs ? "" : " and pages being pushed"}`);
  }
  if (pushMs && !aEmbeddedAt && pa === 0) aEmbeddedAt = performance.now();
  if (bEmbeddedAt && (aEmbeddedAt || (skipBacklog && pushMs))) break;
  await Bun.sleep(100);
}

const [aChunks] = await rows<{ n: number }>(parts.database.db, sql`SELECT count(*)::int AS n FROM chunks WHERE site_id = ${a.siteId}`);
console.log(
  `fairness bench (${parts.database.kind}, ${local ? "built-in MiniLM embedder" : "embeddings stand-in"}, ${inline ? "cleaning inline on the API thread" : `cleaning on ${parts.config.preparationWorkers} worker thread(s)`})`,
);
console.log(`B search idle:            ${fmt(idle)}`);
console.log(`B search while A pushes:  ${fmt(loaded)} over ${loaded.length} searches  (p95 ${(pct(loaded, 95) / pct(idle, 95)).toFixed(2)}× idle)`);
const aDone = aEmbeddedAt
  ? `all embedded ${((aEmbeddedAt - started) / 1000).toFixed(1)} s after the push began`
  : `${await pending(a.siteId)} still waiting for vectors`;
console.log(`A: ${HEAVY_PAGES} pages, ${aChunks!.n} chunks, pushed in ${(pushMs / 1000).toFixed(1)} s, ${aDone}`);
console.log(
  `B: 10 new pages embedded ${((bEmbeddedAt - bAdded) / 1000).toFixed(1)} s after they were sent; ${!aEmbeddedAt || bEmbeddedAt < aEmbeddedAt ? "before" : "AFTER"} A's backlog was done`,
);

server.stop(true);
await services.close();
standIn.kill();
