// Hybrid retrieval: BM25 and vector candidates in parallel, fused per chunk into a calibrated 0-1 score,
// grouped by page with its best sections, boosted, filtered, and cut at minScore and limit.
import type { SearchFilters, SearchResponse } from "../../shared/search.ts";
import type { MetadataField } from "../../shared/sites.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { LexicalHit, LexicalIndex } from "../ports/lexical-index.ts";
import type { VectorHit, VectorStore } from "../ports/vector-store.ts";
import type { Vocabulary } from "../ports/vocabulary.ts";
import type { Synonym } from "../../shared/synonyms.ts";
import type { Logger } from "../logger.ts";
import type { BoostRules } from "./boosts.ts";
import { compileFilters, countFacets } from "./filters.ts";
import type { FusionMethod, UnembeddedPolicy } from "./fusion.ts";
import type { SearchChunkSource } from "../ports/search-chunks.ts";
import { QueryVectorCache } from "./query-vector-cache.ts";
import { queryStems } from "./stem.ts";
import { KeywordQueryPlanner, typedSemanticQuery, type KeywordPlan } from "./keyword-query-planner.ts";
import { queryEvidence } from "./chunk-evidence.ts";
import { scoreChunks } from "./score-chunks.ts";
import { rankPages } from "./rank-pages.ts";
import { pageResult, type MatchedChunk, type PageResult } from "./page-result.ts";
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
  /** How keyword candidates without a vector yet are ordered while a site is being embedded (fusion.ts). */
  unembedded: UnembeddedPolicy;
}

export const defaultSearchOptions: HybridSearchOptions = {
  fusion: "convex",
  // Tuned on SciFact's 809 training queries only (bench/fusion-sweep.ts): 0.25 orders best there (0.740 against 0.738 at
  // 0.3); on the unseen test queries it gives 0.741 (0.737 at 0.3). See docs/benchmarks.md.
  alpha: 0.25,
  scoreAlpha: 0.5,
  rrfK: 60,
  candidates: 100,
  filteredCandidates: 300,
  embedTimeoutMs: 2000,
  sectionsPerResult: 3,
  queryVectorCacheEntries: 1000,
  // Measured along the embedding curve (docs/benchmarks.md): keyword places kept while under half the keyword
  // candidates have a vector (plain fusion dipped below keyword-only there), plain fusion from then on (it gains most).
  unembedded: "adaptive",
};

/** Candidates an instant search ranks (at least twice the results asked for). */
const INSTANT_CANDIDATES = 40;

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
  unembedded?: UnembeddedPolicy;
  /** Relevance benchmark: false searches the words as typed, without typo correction. */
  typoTolerance?: boolean;
  /** Relevance benchmark: ask one engine only ("lexical" also skips embedding the query). */
  only?: "lexical" | "vector";
  /** Adds scoreParts to each result and section: the authenticated site search (the playground) only. */
  explain?: boolean;
  /**
   * "instant" while the visitor types: keywords only (no query embedding), the last word matched as a prefix and not
   * typo-corrected, one section per result. "full" (the default) is the hybrid ranking.
   */
  speed?: "instant" | "full";
}

export interface HybridSearchOutput extends SearchResponse {
  results: PageResult[];
  /** "lexical" when the vector side was unavailable or not configured. */
  mode: "hybrid" | "lexical" | "vector";
  costs: { lexicalMs: number; embedMs: number; vectorMs: number };
}

/** Search output whose results also carry their best chunks (up to sectionsPerResult, in score order). */
export interface HybridChunksOutput extends HybridSearchOutput {
  results: Array<PageResult & { chunks: MatchedChunk[] }>;
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

  async searchWithChunks(request: HybridSearchInput): Promise<HybridChunksOutput> {
    const started = performance.now();
    const instant = request.speed === "instant";
    const input: HybridSearchInput = instant ? { ...request, only: "lexical" } : request;
    // The query's embedding starts now, on the embedder's own thread, while the site settings, the vocabulary and the
    // keyword engine are asked; it is used when no typo correction changes the words to embed.
    const typed = input.only === "lexical" ? null : typedSemanticQuery(input.query);
    const early = typed === null ? null : this.startQueryVector(typed, input.signal);
    const { settings, schemas, pageFilter, siteIds, plan } = await this.prepare(input);
    // An instant answer ranks fewer candidates: a page or two of results, each with one section, while keys arrive.
    const asked = pageFilter ? this.options.filteredCandidates : this.options.candidates;
    const limit = instant ? Math.min(asked, Math.max(INSTANT_CANDIDATES, input.limit * 2)) : asked;
    const evidence = queryEvidence(plan);
    const [lexical, semantic] = await Promise.all([
      input.only === "vector" ? { hits: [] as LexicalHit[], ms: 0, failed: false, error: null as unknown } : this.lexicalHits(siteIds, input, plan, limit),
      input.only === "lexical" || evidence.groups.length === 0
        ? { hits: [] as VectorHit[], vector: null, embedMs: 0, ms: 0 }
        : this.vectorHits(siteIds, input, early && plan.semanticQuery === typed ? early : this.startQueryVector(plan.semanticQuery, input.signal), limit),
    ]);
    if (lexical.failed && semantic.vector === null) throw lexical.error;
    const candidates = [...new Set([...lexical.hits.map((h) => h.chunkId), ...semantic.hits.map((h) => h.chunkId)])];
    const known = new Map(semantic.hits.map((hit) => [hit.chunkId, hit.similarity]));
    const chunks = await this.deps.chunks.load({ siteIds, chunkIds: candidates, vector: semantic.vector, known, signal: input.signal });
    // Loaded rows come back in any order; candidate order (lexical first) breaks score ties the same way every run.
    const order = new Map(candidates.map((id, i) => [id, i]));
    chunks.sort((a, b) => order.get(a.chunkId)! - order.get(b.chunkId)!);
    const scored = scoreChunks({
      chunks,
      lexical: lexical.hits,
      semantic: semantic.hits,
      evidence,
      engine: this.deps.lexical.engine,
      method: input.fusion ?? this.options.fusion,
      alpha: input.alpha ?? this.options.alpha,
      scoreAlpha: this.options.scoreAlpha,
      rrfK: this.options.rrfK,
      unembedded: input.unembedded ?? this.options.unembedded,
    });
    const ranked = await rankPages(scored, { pageFilter, rules: settings, minScore: input.minScore });
    const stems = evidence.groups.length > 0 ? new Set(evidence.groups.flatMap((g) => [...g])) : queryStems(input.query);
    const results = ranked
      .slice(0, input.limit)
      .map((p) => pageResult(p.list, p.score, stems, { ...input, sectionsPerResult: instant ? 1 : this.options.sectionsPerResult }));
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

  /** The sites' settings, the validated filters and the keyword plan; the vocabulary is asked beside the settings. */
  private async prepare(input: HybridSearchInput) {
    const gotSettings = input.sites ? Promise.resolve(input.sites) : this.deps.siteSettings(input.siteIds);
    // The vocabulary needs only the site ids; the synonyms join the plan when the settings arrive.
    const planned = this.planner.plan({
      siteIds: input.siteIds,
      query: input.query,
      synonyms: gotSettings.then((list) => list.flatMap((s) => s.synonyms ?? [])),
      typoTolerance: input.typoTolerance,
      prefixLast: input.speed === "instant",
      signal: input.signal,
    });
    // Awaited below; a bad filter or a failed settings read is the error the caller hears, not this one.
    planned.catch(() => {});
    const settingsList = await gotSettings;
    const settings = new Map(settingsList.map((s) => [s.id, s]));
    const schemas = new Map(settingsList.map((s) => [s.id, s.metadataSchema]));
    // Validate before spending time on retrieval: an undeclared filter field is a 400.
    const pageFilter = compileFilters(input.filters, schemas);
    return { settings, schemas, pageFilter, siteIds: [...settings.keys()], plan: await planned };
  }

  private async lexicalHits(siteIds: string[], input: HybridSearchInput, plan: KeywordPlan, limit: number) {
    try {
      const found = await this.deps.lexical.search({ siteIds, query: input.query, terms: plan.terms, limit, signal: input.signal });
      if (found.hits.length > 0 || plan.terms.phrases.length === 0) return { ...found, failed: false, error: null as unknown };
      // A phrase no page holds (a title quoted in a question) must not empty the keyword side: its words then rank.
      const { words, phrases, excluded } = plan.terms;
      const loose = { words: [...words, ...phrases.flat().map((w) => [w])], phrases: [], excluded };
      const again = await this.deps.lexical.search({ siteIds, query: input.query, terms: loose, limit, signal: input.signal });
      return { hits: again.hits, ms: found.ms + again.ms, failed: false, error: null as unknown };
    } catch (error) {
      if (input.signal?.aborted) throw error;
      // Vector results alone are better than an error; an outage of both engines still fails below.
      this.deps.log.warn("lexical search failed; answering from vectors only", { error, engine: this.deps.lexical.engine });
      return { hits: [] as LexicalHit[], ms: 0, failed: true, error: error as unknown };
    }
  }

  /**
   * The query vector of `text`, under the embedding timeout; null without an embedder or vector store. The promise
   * may be dropped unused (a typo changed the words), so its failure is marked handled here and read by vectorHits.
   */
  private startQueryVector(text: string, visitor?: AbortSignal): Promise<{ vector: number[]; embedMs: number }> | null {
    const { embedder, vectors } = this.deps;
    if (!embedder || !vectors) return null;
    const timeout = AbortSignal.timeout(this.options.embedTimeoutMs);
    const signal = visitor ? AbortSignal.any([visitor, timeout]) : timeout;
    const embedding = this.queryVector(embedder, text, signal);
    embedding.catch(() => {});
    return embedding;
  }

  private async vectorHits(
    siteIds: string[],
    input: HybridSearchInput,
    embedding: Promise<{ vector: number[]; embedMs: number }> | null,
    limit: number,
  ): Promise<{ hits: VectorHit[]; vector: number[] | null; embedMs: number; ms: number }> {
    const { vectors } = this.deps;
    const none = { hits: [], vector: null, embedMs: 0, ms: 0 };
    if (!embedding || !vectors) return none;
    let vector: number[];
    let embedMs = 0;
    try {
      ({ vector, embedMs } = await embedding);
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
