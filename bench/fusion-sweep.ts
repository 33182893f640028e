// Tunes the hybrid fusion offline on SciFact's training queries: each query runs once through the product's search
// (typo tolerance, both engines, the candidate chunks with their exact cosine), the engines' raw signals are kept,
// and the fusion is replayed for every setting in memory, ranked per page as the search does (a page by its best
// chunk). Only the training split is read unless --split test is given, so the test queries stay unseen.
// Usage: bun bench/fusion-sweep.ts [--split train] [--dataset DIR]   (needs the vectors in bench/.cache: run relevance once)
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import { createContainer } from "../server/app.ts";
import { rows } from "../server/adapters/postgres/database.ts";
import { createEmbedderFromConfig } from "../server/adapters/embedder/create-embedder.ts";
import { lexicalHalfFor, type ChunkSignals } from "../server/search/fusion.ts";
import { queryStems } from "../server/search/stem.ts";
import type { LexicalHit, LexicalIndex } from "../server/ports/lexical-index.ts";
import type { SearchChunk, SearchChunkSource } from "../server/ports/search-chunks.ts";
import { loadBeir, pickDocs } from "./beir-dataset.ts";
import { createSciFactSite } from "./scifact-site.ts";
import { cacheFilePath, seedEmbeddingCache } from "./embedding-cache-file.ts";
import { mean, ndcgAt } from "./ir-metrics.ts";

const { values: args } = parseArgs({
  options: {
    dataset: { type: "string", default: new URL("../../shared/data/scifact", import.meta.url).pathname },
    split: { type: "string", default: "train" },
  },
});
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const data = loadBeir(args.dataset!, args.split);
const { docs } = pickDocs(data, null, 42);
const urlOf = (id: string) => `https://scifact.bench.example/doc/${encodeURIComponent(id)}`;
const idOf = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf("/") + 1));

const config = loadConfig({ ...process.env, DATA_DIR: "memory://", RUN_WORKERS: "false", LOG_LEVEL: "error", ANTHROPIC_API_KEY: "" });
const embedder = createEmbedderFromConfig(config.embeddings, { passageWorkers: 2, passageBatchSize: 4 });
const { services, parts } = await createContainer(config, { embedder });
const { db } = parts.database;
const org = await parts.stores.accounts.createOrganisation({ name: "fusion-sweep", plan: "enterprise" });
const site = await createSciFactSite(parts, org.id);
log(`embedding cache: ${await seedEmbeddingCache(db, embedder.model, cacheFilePath(embedder.model))} vectors`);
for (let i = 0; i < docs.length; i += 100) {
  const pages = docs.slice(i, i + 100).map((d) => ({ url: urlOf(d.id), title: d.title, content: d.text.trim() || d.title }));
  await parts.ingest.ingest.ingestBatch(pages, { orgId: org.id, siteId: site.id, source: "api" });
}
await rows(db, sql`ANALYZE chunks`);
await parts.ingest.embeddingQueue?.drain();
log(`ingested ${docs.length} documents`);

// Captures what the engines returned to the search, through the deps it was built with.
const hybrid = parts.search.hybrid as unknown as { deps: { lexical: LexicalIndex; chunks: SearchChunkSource } };
let lastLexical: LexicalHit[] = [];
let lastChunks: SearchChunk[] = [];
const lexicalSearch = hybrid.deps.lexical.search.bind(hybrid.deps.lexical);
hybrid.deps.lexical.search = async (input) => {
  const found = await lexicalSearch(input);
  lastLexical = found.hits;
  return found;
};
const load = hybrid.deps.chunks.load.bind(hybrid.deps.chunks);
hybrid.deps.chunks.load = async (input) => {
  lastChunks = await load(input);
  return lastChunks;
};

interface Captured {
  id: string;
  terms: number;
  signals: (ChunkSignals & { url: string })[];
}
const captured: Captured[] = [];
for (const q of data.queries) {
  lastLexical = [];
  lastChunks = [];
  const found = await parts.search.hybrid.search({ siteIds: [site.id], query: q.text, limit: 100, minScore: 0 });
  const lexical = new Map(lastLexical.map((h, i) => [h.chunkId, { score: h.score, rank: i + 1 }]));
  const terms = queryStems(found.query).size;
  captured.push({
    id: q.id,
    terms,
    signals: lastChunks.map((c) => ({
      chunkId: c.chunkId,
      url: c.url,
      lexical: lexical.get(c.chunkId)?.score ?? null,
      lexicalRank: lexical.get(c.chunkId)?.rank ?? null,
      similarity: c.similarity,
      vectorRank: null,
    })),
  });
}
log(`captured ${captured.length} ${args.split} queries`);

interface Setting {
  alpha: number;
  half: number;
  floor: number;
  ceiling: number;
}
function ndcg(s: Setting): number {
  return mean(
    captured.map((q) => {
      const half = lexicalHalfFor(s.half, q.terms);
      const best = new Map<string, number>();
      for (const c of q.signals) {
        const lex = c.lexical === null ? 0 : c.lexical / (c.lexical + half);
        const vec = c.similarity === null ? null : Math.min(1, Math.max(0, (c.similarity - s.floor) / (s.ceiling - s.floor)));
        const score = vec === null ? lex : s.alpha * vec + (1 - s.alpha) * lex;
        best.set(c.url, Math.max(best.get(c.url) ?? -1, score));
      }
      const ranked = [...best].sort((a, b) => b[1] - a[1]).map(([url]) => idOf(url));
      return ndcgAt(ranked, data.qrels.get(q.id)!, 10);
    }),
  );
}
const rowsOut: (Setting & { ndcg: number })[] = [];
for (const alpha of [0.2, 0.25, 0.3, 0.35, 0.4, 0.5])
  for (const half of [2, 3, 4, 6, 8])
    for (const [floor, ceiling] of [
      [0.15, 0.65],
      [0.15, 0.75],
      [0.15, 0.85],
      [0.1, 0.8],
      [0.2, 0.7],
      [0.0, 1.0],
    ] as const)
      rowsOut.push({ alpha, half, floor, ceiling, ndcg: ndcg({ alpha, half, floor, ceiling }) });
rowsOut.sort((a, b) => b.ndcg - a.ndcg);
const current = rowsOut.find((r) => r.alpha === 0.3 && r.half === 4 && r.floor === 0.15 && r.ceiling === 0.65)!;
console.log(`${args.split} queries: ${captured.length}; current default (α 0.3, half 4, cosine 0.15-0.65): nDCG@10 ${current.ndcg.toFixed(4)}`);
console.log("| α | lexical half | cosine floor | cosine ceiling | nDCG@10 |\n|---:|---:|---:|---:|---:|");
for (const r of rowsOut.slice(0, 15)) console.log(`| ${r.alpha} | ${r.half} | ${r.floor} | ${r.ceiling} | ${r.ndcg.toFixed(4)} |`);
await services.close();
process.exit(0);
