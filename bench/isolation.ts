// Isolation between tenants on two paths that used to be shared: /health latency while PDF bombs are ingested (PDF
// text is read on the preparation workers, capped and stopped at a time limit), and another organisation's webhook
// latency while one organisation's receiver hangs until the delivery timeout (per-organisation turns and in-flight
// cap). The real app on Bun.serve over loopback; PGlite by default, PostgreSQL with DATABASE_URL.
// Usage: bun bench/isolation.ts
import { createContainer } from "../server/app.ts";
import { testConfig } from "../tests/fixtures/test-app.ts";
import { pdfBomb } from "../tests/fixtures/pdf-bomb.ts";
import { generateApiKey } from "../server/accounts/api-key-format.ts";

const { services, parts } = await createContainer(testConfig({ PREPARATION_WORKERS: "1" }));
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", idleTimeout: 0, maxRequestBodySize: Number.MAX_SAFE_INTEGER, fetch: services.http.fetch });
const base = `http://127.0.0.1:${server.port}`;

async function tenant(name: string) {
  const org = await parts.stores.accounts.createOrganisation({ name, plan: "pro" });
  const { key, prefix, hash } = generateApiKey("test");
  await parts.stores.accounts.createKey({ orgId: org.id, name, role: "owner", environment: "test", prefix, hash });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as any;
  };
  return { orgId: org.id, call };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (times: number[]) => {
  const sorted = [...times].sort((x, y) => x - y);
  return `n ${sorted.length}, p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
};

/** /health round trips every 50 ms until `done` settles. */
async function probeHealth(done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished) {
    const started = performance.now();
    await (await fetch(`${base}/health`)).text();
    times.push(performance.now() - started);
    await Bun.sleep(50);
  }
  return times;
}

// 1. PDF bombs: two of 60 MB (refused by the inflation cap) and one of 30 MB (under it: pdf.js reads until the text
// cap or the time limit), pushed one after another by one organisation.
const a = await tenant("pdf");
const site = await a.call("POST", "/api/sites", { name: "Docs", baseUrl: "https://docs.example.com/" });
await probeHealth(Bun.sleep(1_000)); // warm-up
const idle = await probeHealth(Bun.sleep(3_000));
console.log(`/health idle: ${fmt(idle)}`);
const bombs = [60_000_000, 30_000_000, 60_000_000].map((size, i) => ({
  url: `https://docs.example.com/bomb-${i}.pdf`,
  contentType: "application/pdf",
  contentBase64: Buffer.from(pdfBomb(size)).toString("base64"),
}));
const pushStarted = performance.now();
const pushes = (async () => {
  const outcomes: string[] = [];
  for (const page of bombs) outcomes.push((await a.call("POST", `/api/sites/${site.siteId}/pages`, { pages: [page] })).errors?.[0]?.error ?? "stored");
  return outcomes;
})();
const during = await probeHealth(pushes);
console.log(`/health while 3 PDF bombs are ingested (${((performance.now() - pushStarted) / 1000).toFixed(1)} s): ${fmt(during)}`);
for (const outcome of await pushes) console.log(`  bomb refused: ${outcome}`);

// 2. Webhooks: organisation S's three webhooks point at a receiver that never answers (the sender gives up after the
// delivery timeout); S has 30 deliveries due. Organisation F pings its own receiver ten times, 500 ms apart.
const hanging = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 0, fetch: () => new Promise<Response>(() => {}) });
const arrivals = new Map<string, number>();
const quick = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    arrivals.set(JSON.parse(await request.text()).id, performance.now());
    return new Response("");
  },
});
const slow = await tenant("slow");
const fast = await tenant("fast");
for (let i = 0; i < 3; i++) await slow.call("POST", "/api/webhooks", { url: `http://127.0.0.1:${hanging.port}/h`, events: ["crawl.completed"] });
const hook = await fast.call("POST", "/api/webhooks", { url: `http://127.0.0.1:${quick.port}/h`, events: ["crawl.completed"] });
for (let i = 0; i < 10; i++) await parts.webhooks.webhooks.emit(slow.orgId, "crawl.completed", { n: i });
parts.webhooks.dispatcher.start();
await Bun.sleep(1_000);
const sent = new Map<string, number>();
for (let i = 0; i < 10; i++) {
  const ping = await fast.call("POST", `/api/webhooks/${hook.id}/ping`);
  sent.set(ping.eventId, performance.now());
  await Bun.sleep(500);
}
const deadline = performance.now() + 30_000;
while (arrivals.size < sent.size && performance.now() < deadline) await Bun.sleep(50);
const latencies = [...sent].map(([id, at]) => (arrivals.get(id) ?? deadline) - at);
console.log(`another organisation's ping, one receiver hanging on 30 deliveries: ${fmt(latencies)} (${arrivals.size}/10 arrived)`);

hanging.stop(true);
quick.stop(true);
server.stop(true);
await parts.webhooks.dispatcher.stop();
await services.close();
process.exit(0);
