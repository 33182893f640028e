// Latency of the public search path with analytics recording on and off (the target: within 5%). Keyword search over 500
// ingested pages, POST so no cache answers; rounds alternate on and off so drift on a shared machine hits both alike.
// "Off" replaces the recorder's record() with a no-op; "on" is the product: record() buffers, batches are written in
// the background to raw events and the daily and monthly rollups on the same database.
// PGlite by default; PostgreSQL with DATABASE_URL. Usage: bun bench/recording-overhead.ts [rounds=10] [perRound=100]
import { createTestContext } from "../tests/fixtures/test-app.ts";

const [rounds = 10, perRound = 100] = process.argv.slice(2).map(Number);
const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";

const ctx = await createTestContext({}, { embedder: null });
const { key } = await ctx.createOrg("pro");
const created = await ctx.request("POST", "/api/sites", {
  key,
  body: { name: "Bench", baseUrl: "https://bench.example.com" },
});
if (created.status >= 300) throw new Error(`site: ${created.status} ${JSON.stringify(created.body)}`);
const siteId: string = created.body.siteId ?? created.body.id;
// One client sends every request here: lift the per-IP limit so the bench measures search, not 429s.
const patched = await ctx.request("PUT", `/api/sites/${siteId}`, {
  key,
  body: { publicAccess: { enabled: true, searchEnabled: true }, rateLimits: { searchPerMinute: 1_000_000 } },
});
if (patched.status >= 300) throw new Error(`rate limit: ${patched.status} ${JSON.stringify(patched.body)}`);

const topics = [
  "install",
  "configure",
  "deploy",
  "upgrade",
  "backup",
  "restore",
  "monitor",
  "proxy",
  "cache",
  "token",
  "export",
  "import",
  "cluster",
  "replica",
  "domain",
  "certificate",
  "filter",
  "ranking",
  "snippet",
  "session",
];
const verbs = ["explains", "covers", "describes", "walks through", "lists", "compares"];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
for (let batch = 0; batch < 5; batch++) {
  const pages = Array.from({ length: 100 }, (_, j) => {
    const i = batch * 100 + j;
    const a = pick(topics, i),
      b = pick(topics, i * 7 + 3),
      c = pick(topics, i * 13 + 5);
    return {
      url: `https://bench.example.com/docs/${i}`,
      title: `${a} and ${b} (${i})`,
      content: Array.from(
        { length: 12 },
        (_, k) => `This section ${pick(verbs, i + k)} how ${pick([a, b, c], k)} works with ${pick(topics, i + k * 3)} on page ${i}.`,
      ).join(" "),
    };
  });
  const res = await ctx.request("POST", `/api/sites/${siteId}/pages`, { key, body: { pages } });
  if (res.status >= 300) throw new Error(`ingest: ${res.status} ${JSON.stringify(res.body)}`);
}

const record = ctx.parts.analytics.queryRecorder.record.bind(ctx.parts.analytics.queryRecorder);
const setRecording = (on: boolean) => {
  ctx.parts.analytics.queryRecorder.record = on ? record : () => {};
};

let n = 0;
async function searchOnce(): Promise<number> {
  n++;
  const query = `${pick(topics, n)} ${pick(topics, n * 11 + 1)} ${n % 97}`;
  const t0 = performance.now();
  const res = await ctx.request("POST", `/v1/public/sites/${siteId}/search`, { body: { query, limit: 10 } });
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`search: ${res.status} ${JSON.stringify(res.body)}`);
  return ms;
}

for (let i = 0; i < 100; i++) await searchOnce();
const times = { on: [] as number[], off: [] as number[] };
for (let r = 0; r < rounds; r++) {
  for (const mode of r % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) {
    setRecording(mode === "on");
    for (let i = 0; i < perRound; i++) times[mode].push(await searchOnce());
    // Let the last batch of a recording round be written inside that round, not during the next one.
    await ctx.parts.analytics.queryRecorder.flush();
  }
}
setRecording(true);

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};
const mean = (list: number[]) => list.reduce((s, x) => s + x, 0) / list.length;
console.log(`recording overhead on ${engine}: ${rounds} rounds × ${perRound} public keyword searches per mode over 500 pages, ms`);
console.table(
  (["off", "on"] as const).map((mode) => ({
    recording: mode,
    mean: mean(times[mode]).toFixed(2),
    p50: pct(times[mode], 0.5).toFixed(2),
    p95: pct(times[mode], 0.95).toFixed(2),
  })),
);
const delta = (p: (l: number[]) => number) => ((p(times.on) / p(times.off) - 1) * 100).toFixed(1);
console.log(`on vs off: mean ${delta(mean)}%, p50 ${delta((l) => pct(l, 0.5))}%, p95 ${delta((l) => pct(l, 0.95))}%`);
await ctx.close();
