// Chat latency: time to first streamed byte and first answer text, and what the service adds (hybrid retrieval
// with the configured embedder, prompt, storage) over the model's own latency, against the loopback fake model.
// Run: bun bench/chat.ts [questions=50]   (DATABASE_URL selects PostgreSQL, else PGlite in memory)
import { createTestContext, type TestContext } from "../tests/fixtures/test-app.ts";
import { startFakeAnthropic } from "../tests/fixtures/fake-anthropic-server.ts";
import { chatOrigin, createChatSite, docsPages, embedSiteChunks } from "../tests/fixtures/chat-site.ts";
import { AnthropicAnswerModel } from "../server/adapters/anthropic/answer-model.ts";

const questionCount = Number(process.argv[2] ?? 50);
/** The fake model waits this long before answering, then this long between streamed words. */
const modelDelayMs = 150;
const eventDelayMs = 4;
const answerText =
  "Install Acme with npm install -g acme-cli [1]. On Windows use the MSI installer or winget [1]. " +
  "Configure the region in acme.toml [2] and deploy with acme deploy [3].";

const topics = ["install", "configure", "deploy", "roll back", "pricing", "region", "Windows", "version", "environment variables", "plans"];
const questions = Array.from({ length: questionCount }, (_, i) => `How do I ${topics[i % topics.length]} with Acme (${i})?`);

/** Extra pages so retrieval ranks among more than a handful of candidates. */
const fillerPages = Array.from({ length: 60 }, (_, i) => ({
  url: `https://docs.acme.test/guide/${i}`,
  title: `Guide ${i}: ${topics[i % topics.length]}`,
  summary: `Guide page ${i}.`,
  tags: ["guide"],
  content: `${`This guide covers ${topics[i % topics.length]} in depth, part ${i}. `.repeat(20)}\n\nSee also the section on ${topics[(i + 3) % topics.length]}.`,
}));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Timing {
  firstByte: number;
  firstDelta: number;
  total: number;
}

async function timeStream(ctx: TestContext, siteId: string, question: string): Promise<Timing> {
  const started = performance.now();
  const response = await ctx.app.handle(
    new Request(`http://localhost/v1/public/sites/${siteId}/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", origin: chatOrigin },
      body: JSON.stringify({ query: question }),
    }),
  );
  if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let firstByte = Number.NaN;
  let firstDelta = Number.NaN;
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const at = performance.now() - started;
    if (Number.isNaN(firstByte)) firstByte = at;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(firstDelta) && text.includes("event: answer-delta")) firstDelta = at;
  }
  if (!text.includes("event: answer-end")) throw new Error(`stream ended without answer-end: ${text.slice(-300)}`);
  return { firstByte, firstDelta, total: performance.now() - started };
}

async function modelBaseline(url: string): Promise<Timing[]> {
  const model = new AnthropicAnswerModel({ apiKey: "sk-bench", baseURL: url });
  const timings: Timing[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    let firstDelta = Number.NaN;
    await model.answer({
      system: "Answer from the sources.",
      messages: [{ role: "user", content: `Question ${i}` }],
      maxTokens: 800,
      onDelta: () => {
        if (Number.isNaN(firstDelta)) firstDelta = performance.now() - started;
      },
    });
    timings.push({ firstByte: firstDelta, firstDelta, total: performance.now() - started });
  }
  return timings;
}

async function run(label: string, env: Record<string, string>, script: () => void): Promise<Timing[]> {
  let now = Math.floor(Date.now() / 1000);
  // Each question in its own rate-limit minute: the bench measures latency, not the 20/min/IP limit.
  const ctx = await createTestContext({ LOG_LEVEL: "silent", ...env }, { clock: () => now });
  try {
    const { siteId } = await createChatSite(ctx, { pages: [...docsPages, ...fillerPages] });
    // Retrieval is hybrid search: the chunks get their vectors and the query model is loaded before timing.
    const embedder = ctx.parts.embedder;
    if (embedder) {
      await embedder.ready();
      await embedSiteChunks(ctx, siteId, embedder);
    }
    await timeStream(ctx, siteId, "warm-up question about install"); // first-query JIT and plan caches
    const timings: Timing[] = [];
    for (const question of questions) {
      now += 61;
      script();
      timings.push(await timeStream(ctx, siteId, question));
    }
    console.error(`${label}: ${timings.length} questions done`);
    return timings;
  } finally {
    await ctx.close();
  }
}

const fake = await startFakeAnthropic();
const reply = () => fake.script({ text: answerText, delayMs: modelDelayMs, eventDelayMs });
try {
  for (let i = 0; i < 20; i++) reply();
  const baseline = await modelBaseline(fake.url);
  const generative = await run("generative", { ANTHROPIC_API_KEY: "sk-bench", ANTHROPIC_BASE_URL: fake.url }, reply);
  const extractive = await run("extractive", {}, () => {});

  const modelFirst = percentile(
    baseline.map((t) => t.firstDelta),
    50,
  );
  const modelTotal = percentile(
    baseline.map((t) => t.total),
    50,
  );
  const rows: Array<[string, number[]]> = [
    ["model alone: first delta", baseline.map((t) => t.firstDelta)],
    ["model alone: total", baseline.map((t) => t.total)],
    ["generative: first byte (sources event)", generative.map((t) => t.firstByte)],
    ["generative: first answer delta", generative.map((t) => t.firstDelta)],
    ["generative: answer-end", generative.map((t) => t.total)],
    ["service overhead before first delta", generative.map((t) => t.firstDelta - modelFirst)],
    ["service overhead in total", generative.map((t) => t.total - modelTotal)],
    ["extractive: first byte", extractive.map((t) => t.firstByte)],
    ["extractive: answer-end", extractive.map((t) => t.total)],
  ];
  const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`\nChat latency over ${questionCount} questions (${engine}; fake model: ${modelDelayMs} ms delay, ${eventDelayMs} ms per event)\n`);
  console.log(`${"measure".padEnd(42)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}`);
  for (const [name, values] of rows) {
    console.log(`${name.padEnd(42)} ${percentile(values, 50).toFixed(1).padStart(8)} ${percentile(values, 95).toFixed(1).padStart(8)}`);
  }
} finally {
  await fake.close();
}
