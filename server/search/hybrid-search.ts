// Hybrid retrieval: BM25 and vector candidates in parallel, fused per chunk into a calibrated 0-1 score,
// grouped by page with its best sections, boosted, filtered, and cut at minScore and limit.
import type { ScoreParts as ScorePartsView, SearchFilters, SearchResponse, SearchResult, SectionMatch } from "../../shared/search.ts";
import type { MetadataField } from "../../shared/sites.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { LexicalHit, LexicalIndex } from "../ports/lexical-index.ts";
import type { VectorHit, VectorStore } from "../ports/vector-store.ts";
import type { Vocabulary } from "../ports/vocabulary.ts";
import type { Synonym } from "../../shared/synonyms.ts";
import type { Logger } from "../logger.ts";
import { applyBoost, boostFactors, type BoostRules } from "./boosts.ts";
import { compileFilters, countFacets } from "./filters.ts";
import {
  defaultCalibration,
  fuse,
  lexicalHalfByEngine,
  lexicalHalfFor,
  type ChunkSignals,
  type FusionMethod,
  type FusionOptions,
  type ScoreParts,
} from "./fusion.ts";
import { explainScore } from "./score-parts.ts";
import type { SearchChunk, SearchChunkSource } from "../ports/search-chunks.ts";
import { QueryVectorCache } from "./query-vector-cache.ts";
import { makeSnippet } from "./snippet.ts";
import { distinctSnippets } from "./distinct-snippets.ts";
import { queryStems } from "./stem.ts";
import { KeywordQueryPlanner, type KeywordPlan } from "./keyword-query-planner.ts";
import { judgeChunk, queryEvidence, type QueryEvidence } from "./chunk-evidence.ts";
import { raceAbort } from "./race-abort.ts";

export interface SearchSiteSettings extends BoostRules {
  id: string;
  metadataSchema: MetadataField[];
  synonyms?: Synonym[];
}

export interface HybridSearchDeps {
  lexical: LexicalIndex;
  /** Null when no embedder is configured: lexical search only. */
  vectors: VectorStore | null;
  embedder: Embedder | null;
  chunks: SearchChunkSource;
  /** The sites' own words, for typo correction; without it queries are searched as typed. */
  vocabulary?: Vocabulary | null;
  siteSettings(siteIds: string[]): Promise<SearchSiteSettings[]>;
  log: Logger;
}

export interface HybridSearchOptions {
  fusion: FusionMethod;
  /** Vector weight of the convex combination that orders results. */
  alpha: number;
  /** Vector weight of the reported 0-1 score (what minScore filters). */
  scoreAlpha: number;
  rrfK: number;
  /** Candidates asked of each engine. */
  candidates: number;
  /** Candidates when filters narrow the result after retrieval. */
  filteredCandidates: number;
  /** The query is searched lexically only when embedding it takes longer. */
  embedTimeoutMs: number;
  sectionsPerResult: number;
  /** Query embeddings remembered (0 disables the cache). */
  queryVectorCacheEntries: number;
}

export const defaultSearchOptions: HybridSearchOptions = {
  fusion: "convex",
  // Tuned on SciFact's 809 training queries (bench/relevance.ts --split train): 0.3 orders best there and on the test queries.
  alpha: 0.3,
  scoreAlpha: 0.5,
  rrfK: 60,
  candidates: 100,
  filteredCandidates: 300,
  embedTimeoutMs: 2000,
  sectionsPerResult: 3,
  queryVectorCacheEntries: 1000,
};

export interface HybridSearchInput {
  siteIds: string[];
  /** The sites' rows when the caller has read them already (the public gate): they are then not read again. */
  sites?: SearchSiteSettings[];
  query: string;
  limit: number;
  minScore: number;
  filters?: SearchFilters;
  signal?: AbortSignal;
  /** Overrides for the relevance benchmark. */
  fusion?: FusionMethod;
  alpha?: number;
  /** Relevance benchmark: false searches the words as typed, without typo correction. */
  typoTolerance?: boolean;
  /** Relevance benchmark: ask one engine only ("lexical" also skips embedding the query). */
  only?: "lexical" | "vector";
  /** Adds scoreParts to each result and section: the authenticated site search (the playground) only. */
  explain?: boolean;
}

type Explained<T> = T & { scoreParts?: ScorePartsView };

export interface HybridSearchOutput extends SearchResponse {
  results: Array<Explained<Omit<SearchResult, "sections">> & { siteId: string; sections: Array<Explained<SectionMatch>> }>;
  /** "lexical" when the vector side was unavailable or not configured. */
  mode: "hybrid" | "lexical" | "vector";
  costs: { lexicalMs: number; embedMs: number; vectorMs: number };
}

/** A chunk behind a result, kept for chat to quote so it need not read the text again; never sent on the wire. */
export interface MatchedChunk {
  chunkId: string;
  headingPath: string[];
  text: string;
}

/** Search output whose results also carry their best chunks (up to sectionsPerResult, in score order). */
export interface HybridChunksOutput extends HybridSearchOutput {
  results: Array<HybridSearchOutput["results"][number] & { chunks: MatchedChunk[] }>;
}

interface Scored {
  chunk: SearchChunk;
  score: number;
  rankScore: number;
  parts: ScoreParts;
}

export class HybridSearch {
  private readonly options: HybridSearchOptions;
  private readonly queryVectors: QueryVectorCache;
  private readonly planner: KeywordQueryPlanner;

  constructor(
    private readonly deps: HybridSearchDeps,
    options: Partial<HybridSearchOptions> = {},
  ) {
    this.options = { ...defaultSearchOptions, ...options };
    this.queryVectors = new QueryVectorCache(this.options.queryVectorCacheEntries);
    this.planner = new KeywordQueryPlanner(deps.vocabulary ?? null, deps.log);
  }

  get engine(): string {
    return this.deps.lexical.engine;
  }

  async search(input: HybridSearchInput): Promise<HybridSearchOutput> {
    const found = await this.searchWithChunks(input);
    return { ...found, results: found.results.map(({ chunks: _, ...result }) => result) };
  }

  async searchWithChunks(input: HybridSearchInput): Promise<HybridChunksOutput> {
    const started = performance.now();
    const settingsList = input.sites ?? (await this.deps.siteSettings(input.siteIds));
    const settings = new Map(settingsList.map((s) => [s.id, s]));
    const schemas = new Map(settingsList.map((s) => [s.id, s.metadataSchema]));
    // Validate before spending time on retrieval: an undeclared filter field is a 400.
    const pageFilter = compileFilters(input.filters, schemas);
    const limit = pageFilter ? this.options.filteredCandidates : this.options.candidates;
    const siteIds = [...settings.keys()];
    const synonyms = settingsList.flatMap((s) => s.synonyms ?? []);
    const plan = await this.planner.plan({ siteIds, query: input.query, synonyms, typoTolerance: input.typoTolerance, signal: input.signal });
    const evidence = queryEvidence(plan);
    const [lexical, semantic] = await Promise.all([
      input.only === "vector" ? { hits: [] as LexicalHit[], ms: 0, failed: false, error: null as unknown } : this.lexicalHits(siteIds, input, plan, limit),
      input.only === "lexical" || evidence.groups.length === 0
        ? { hits: [] as VectorHit[], vector: null, embedMs: 0, ms: 0 }
        : this.vectorHits(siteIds, input, plan.semanticQuery, limit),
    ]);
    if (lexical.failed && semantic.vector === null) throw lexical.error;
    const candidates = [...new Set([...lexical.hits.map((h) => h.chunkId), ...semantic.hits.map((h) => h.chunkId)])];
    const chunks = await this.deps.chunks.load({ chunkIds: candidates, vector: semantic.vector, signal: input.signal });
    // Loaded rows come back in any order; candidate order (lexical first) breaks score ties the same way every run.
    const order = new Map(candidates.map((id, i) => [id, i]));
    chunks.sort((a, b) => order.get(a.chunkId)! - order.get(b.chunkId)!);
    const scored = this.score(chunks, lexical.hits, semantic.hits, input, evidence);
    // Pages in order of their best chunk; a page's chunks stay in score order for its sections.
    const pages = new Map<string, Scored[]>();
    for (const s of scored) {
      if (pageFilter && !pageFilter(s.chunk)) continue;
      const list = pages.get(s.chunk.pageId);
      if (list) list.push(s);
      else pages.set(s.chunk.pageId, [s]);
    }
    const stems = evidence.groups.length > 0 ? new Set(evidence.groups.flatMap((g) => [...g])) : queryStems(input.query);
    const lists = [...pages.values()];
    const factors = await boostFactors(lists.map((list) => ({ ...list[0]!.chunk, rules: settings.get(list[0]!.chunk.siteId) })));
    const ranked = lists
      .map((list, i) => {
        const best = list[0]!;
        const factor = factors[i]!;
        return { list, score: applyBoost(best.score, factor), rankScore: best.rankScore * factor };
      })
      .filter((p) => p.score >= input.minScore)
      .sort((a, b) => b.rankScore - a.rankScore || b.score - a.score);
    const results = ranked.slice(0, input.limit).map((p) => this.result(p.list, p.score, stems, input));
    return {
      query: input.query,
      ...(plan.suggestion ? { suggestion: plan.suggestion } : {}),
      results,
      totalResults: ranked.length,
      timingMs: Math.round(performance.now() - started),
      facets: countFacets(
        ranked.map((p) => p.list[0]!.chunk),
        schemas,
      ),
      mode: semantic.vector === null ? "lexical" : lexical.failed || input.only === "vector" ? "vector" : "hybrid",
      costs: { lexicalMs: Math.round(lexical.ms), embedMs: Math.round(semantic.embedMs), vectorMs: Math.round(semantic.ms) },
    };
  }

  private score(chunks: SearchChunk[], lexical: LexicalHit[], semantic: VectorHit[], input: HybridSearchInput, evidence: QueryEvidence): Scored[] {
    const lexicalById = new Map(lexical.map((h, i) => [h.chunkId, { score: h.score, rank: i + 1 }]));
    const vectorRank = new Map(semantic.map((h, i) => [h.chunkId, i + 1]));
    const byId = new Map(chunks.map((c) => [c.chunkId, c]));
    // Phrases and exclusions bind vector hits too; the engines already applied them to their own.
    const judged = chunks.map((c) => ({ c, verdict: judgeChunk(c, evidence) })).filter((j) => j.verdict.admitted);
    const signals: ChunkSignals[] = judged.map(({ c, verdict }) => ({
      chunkId: c.chunkId,
      coverage: verdict.coverage,
      lexical: lexicalById.get(c.chunkId)?.score ?? null,
      lexicalRank: lexicalById.get(c.chunkId)?.rank ?? null,
      similarity: c.similarity,
      vectorRank: vectorRank.get(c.chunkId) ?? null,
    }));
    const options: FusionOptions = {
      method: input.fusion ?? this.options.fusion,
      alpha: input.alpha ?? this.options.alpha,
      scoreAlpha: this.options.scoreAlpha,
      rrfK: this.options.rrfK,
      calibration: {
        ...defaultCalibration,
        lexicalHalf: lexicalHalfFor(lexicalHalfByEngine[this.deps.lexical.engine] ?? defaultCalibration.lexicalHalf, evidence.groups.length),
      },
    };
    return fuse(signals, options).map((f) => ({ chunk: byId.get(f.chunkId)!, score: f.score, rankScore: f.rankScore, parts: f.parts }));
  }

  private result(list: Scored[], score: number, stems: ReadonlySet<string>, input: HybridSearchInput): HybridChunksOutput["results"][number] {
    const { minScore, explain } = input;
    const best = list[0]!.chunk;
    const snippet = makeSnippet(best.text, stems);
    // The best section always shows; further ones only when they match well enough to be worth a click.
    const sections: Array<Explained<SectionMatch>> = list
      .filter((s, i) => i === 0 || s.score >= minScore)
      .slice(0, this.options.sectionsPerResult)
      .map((s) => {
        const section = makeSnippet(s.chunk.text, stems, { length: 160 });
        return {
          heading: s.chunk.headingPath.at(-1) ?? best.title,
          headingPath: s.chunk.headingPath,
          anchor: s.chunk.anchor,
          url: s.chunk.anchor ? `${s.chunk.url}#${s.chunk.anchor}` : s.chunk.url,
          snippet: section.text,
          highlights: section.highlights,
          score: round(s.score),
          ...(explain ? { scoreParts: explainScore(s.parts, s.score, s.score) } : {}),
        };
      });
    return {
      url: best.url,
      title: best.title,
      snippet: snippet.text,
      score: round(score),
      highlights: snippet.highlights,
      sections: distinctSnippets(snippet.text, sections),
      tags: best.tags,
      siteId: best.siteId,
      ...(explain ? { scoreParts: explainScore(list[0]!.parts, list[0]!.score, score) } : {}),
      chunks: list.slice(0, this.options.sectionsPerResult).map(({ chunk }) => ({ chunkId: chunk.chunkId, headingPath: chunk.headingPath, text: chunk.text })),
    };
  }

  private async lexicalHits(siteIds: string[], input: HybridSearchInput, plan: KeywordPlan, limit: number) {
    try {
      const found = await this.deps.lexical.search({ siteIds, query: input.query, terms: plan.terms, limit, signal: input.signal });
      return { ...found, failed: false, error: null as unknown };
    } catch (error) {
      if (input.signal?.aborted) throw error;
      // Vector results alone are better than an error; an outage of both engines still fails below.
      this.deps.log.warn("lexical search failed; answering from vectors only", { error, engine: this.deps.lexical.engine });
      return { hits: [] as LexicalHit[], ms: 0, failed: true, error: error as unknown };
    }
  }

  private async vectorHits(
    siteIds: string[],
    input: HybridSearchInput,
    text: string,
    limit: number,
  ): Promise<{ hits: VectorHit[]; vector: number[] | null; embedMs: number; ms: number }> {
    const { embedder, vectors } = this.deps;
    const none = { hits: [], vector: null, embedMs: 0, ms: 0 };
    if (!embedder || !vectors) return none;
    const timeout = AbortSignal.timeout(this.options.embedTimeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    let vector: number[];
    let embedMs = 0;
    try {
      ({ vector, embedMs } = await this.queryVector(embedder, text, signal));
    } catch (error) {
      if (input.signal?.aborted) throw error;
      this.deps.log.warn("query embedding failed or timed out; searching keywords only", { error, timeoutMs: this.options.embedTimeoutMs });
      return none;
    }
    try {
      const found = await vectors.search({ siteIds, vector, limit, signal: input.signal });
      return { hits: found.hits, vector, embedMs, ms: found.ms };
    } catch (error) {
      if (input.signal?.aborted) throw error;
      this.deps.log.warn("vector search failed; searching keywords only", { error });
      return none;
    }
  }

  /** From the cache when this query (up to case and spacing) was embedded recently; embedMs 0 then. */
  private async queryVector(embedder: Embedder, query: string, signal: AbortSignal): Promise<{ vector: number[]; embedMs: number }> {
    const cached = this.queryVectors.get(query);
    if (cached) return { vector: cached, embedMs: 0 };
    const embedded = await raceAbort(embedder.embed({ texts: [query], kind: "query", signal }), signal);
    this.queryVectors.set(query, embedded.vectors[0]!);
    return { vector: embedded.vectors[0]!, embedMs: embedded.ms };
  }
}

const round = (n: number) => Math.round(n * 10000) / 10000;
