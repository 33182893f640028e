// Turns each engine's raw scores into an absolute 0-1 relevance and combines them per chunk.
// Absolute, not min-max: min-max makes the best hit 1.0 even when nothing is relevant, and minScore
// would then mean nothing. See docs/decisions.md (search scores).

export type FusionMethod = "convex" | "rrf";

export interface Calibration {
  /** Raw lexical score at which the lexical relevance is 0.5: r = s / (s + k). Depends on the engine. */
  lexicalHalf: number;
  /** Cosine similarity mapped linearly from [floor, ceiling] onto [0, 1]. */
  cosineFloor: number;
  cosineCeiling: number;
}

/** Per-engine half points, measured on the test corpus: a chunk containing most query words scores about 0.5-0.8. */
export const lexicalHalfByEngine: Record<string, number> = {
  pg_textsearch: 4,
  elasticsearch: 4,
  "postgres-fts": 0.15,
};

/**
 * all-MiniLM-L6-v2 (query against passage) puts unrelated passages below ~0.15, passages that answer the
 * question around 0.4-0.6 and near paraphrases above ~0.65.
 */
export const defaultCalibration: Calibration = { lexicalHalf: 4, cosineFloor: 0.15, cosineCeiling: 0.65 };

/**
 * BM25 adds up over query words, so a long query reaches a high raw score by matching a few of its words
 * weakly; the half point grows by half for each further word (up to 6) so matching one word of three is not
 * rated like matching all three.
 */
export function lexicalHalfFor(base: number, queryTerms: number): number {
  return base * (1 + 0.5 * (Math.min(6, Math.max(1, queryTerms)) - 1));
}

export function lexicalRelevance(raw: number, c: Calibration): number {
  return raw > 0 ? raw / (raw + c.lexicalHalf) : 0;
}

export function vectorRelevance(similarity: number, c: Calibration): number {
  return Math.min(1, Math.max(0, (similarity - c.cosineFloor) / (c.cosineCeiling - c.cosineFloor)));
}

export interface ChunkSignals {
  chunkId: string;
  /** Share of the query's words the chunk contains (0-1); absent when not measured. */
  coverage?: number;
  /** Raw lexical score, or null when the lexical engine did not return the chunk. */
  lexical: number | null;
  /** Exact cosine similarity to the query, or null when the chunk has no vector yet or the query could not be embedded. */
  similarity: number | null;
  lexicalRank: number | null;
  vectorRank: number | null;
}

export interface FusedChunk {
  chunkId: string;
  /** Calibrated 0-1 relevance: what minScore is compared with, whichever method orders the list. */
  score: number;
  /** `score` split into its keyword and meaning terms (they add up to it); meaning is null without a similarity. */
  parts: ScoreParts;
  /** The value the list is ordered by: `score` for convex, the RRF sum for rrf. */
  rankScore: number;
}

export interface FusionOptions {
  method: FusionMethod;
  /** Weight of the vector relevance in the convex combination that orders the list (tuned on training queries). */
  alpha: number;
  /**
   * Weight of the vector relevance in the reported score, which minScore is compared with. Kept at an even
   * split so a passage that matches by meaning alone can still clear the default minScore of 0.3.
   */
  scoreAlpha: number;
  /** RRF's k: larger flattens the difference between ranks. */
  rrfK: number;
  calibration: Calibration;
  /** How the convex order treats keyword candidates without a vector yet (see orderingSignals); "lexical" by default. */
  unembedded?: UnembeddedPolicy;
}

/**
 * While a site is being embedded, some keyword candidates have a vector and some do not, and the two kinds are not
 * comparable: "lexical" scores a chunk without a vector on its keyword relevance alone; "lexical-order"
 * orders every candidate by keyword relevance until each keyword candidate has its vector; "within-embedded" keeps each
 * keyword candidate without a vector at its keyword rank and fuses only among the chunks with one, which take the
 * other places of the keyword order (in fused order), vector-only hits after them.
 */
export type UnembeddedPolicy = "lexical" | "lexical-order" | "within-embedded" | "adaptive";

/** "adaptive": "within-embedded" while fewer than this share of the keyword candidates have a vector, else "lexical". */
const ADAPTIVE_SHARE = 0.5;

function effectivePolicy(signals: ChunkSignals[], policy: UnembeddedPolicy): Exclude<UnembeddedPolicy, "adaptive"> {
  if (policy !== "adaptive") return policy;
  const keyword = signals.filter((s) => s.lexicalRank !== null);
  const embedded = keyword.filter((s) => s.similarity !== null).length;
  return keyword.length > 0 && embedded < keyword.length * ADAPTIVE_SHARE ? "within-embedded" : "lexical";
}

/** The signals the convex order reads: under "lexical-order", no similarity while a keyword candidate has none. */
export function orderingSignals(signals: ChunkSignals[], policy: "lexical" | "lexical-order"): ChunkSignals[] {
  if (policy === "lexical" || !signals.some((s) => s.similarity === null && s.lexicalRank !== null)) return signals;
  return signals.map((s) => ({ ...s, similarity: null }));
}

/**
 * Lexical evidence that needs no corpus statistics. BM25's IDF falls to nearly zero for a word every page contains
 * (a new site of similar pages: 12 pages scored 0.02), so a chunk holding all the query's words is rated 0.5 on
 * that alone; holding half of them, 0.125. Used for the reported score only, so ordering stays BM25's.
 */
export function coverageRelevance(coverage: number | undefined): number {
  return coverage === undefined ? 0 : 0.5 * coverage * coverage;
}

/**
 * Convex: alpha·vector + (1-alpha)·lexical. A chunk without a vector (not embedded yet, or the embedder is
 * down) is scored on its lexical relevance alone, so it is neither lost nor halved.
 */
export function calibratedScore(s: ChunkSignals, o: Pick<FusionOptions, "alpha" | "calibration">, withCoverage = false): number {
  const bm25 = s.lexical === null ? 0 : lexicalRelevance(s.lexical, o.calibration);
  const lexical = withCoverage ? Math.max(bm25, coverageRelevance(s.coverage)) : bm25;
  if (s.similarity === null) return lexical;
  return o.alpha * vectorRelevance(s.similarity, o.calibration) + (1 - o.alpha) * lexical;
}

export interface ScoreParts {
  keyword: number;
  meaning: number | null;
}

/** The two weighted terms of calibratedScore(…, withCoverage = true), so the playground can show where a score came from. */
export function scoreParts(s: ChunkSignals, o: Pick<FusionOptions, "alpha" | "calibration">): ScoreParts {
  const lexical = Math.max(s.lexical === null ? 0 : lexicalRelevance(s.lexical, o.calibration), coverageRelevance(s.coverage));
  if (s.similarity === null) return { keyword: lexical, meaning: null };
  return { keyword: (1 - o.alpha) * lexical, meaning: o.alpha * vectorRelevance(s.similarity, o.calibration) };
}

/** Reciprocal rank fusion over the two candidate lists (ranks from 1). */
export function rrfScore(s: ChunkSignals, k: number): number {
  return (s.lexicalRank === null ? 0 : 1 / (k + s.lexicalRank)) + (s.vectorRank === null ? 0 : 1 / (k + s.vectorRank));
}

export function fuse(signals: ChunkSignals[], o: FusionOptions): FusedChunk[] {
  const policy = effectivePolicy(signals, o.unembedded ?? "lexical");
  const ordering = o.method === "rrf" ? signals : orderingSignals(signals, policy === "lexical-order" ? policy : "lexical");
  const fused = signals
    .map((s, i) => {
      const score = calibratedScore(s, { alpha: o.scoreAlpha, calibration: o.calibration }, true);
      const rankScore = o.method === "rrf" ? rrfScore(s, o.rrfK) : calibratedScore(ordering[i]!, o);
      return { chunkId: s.chunkId, score, rankScore, parts: scoreParts(s, { alpha: o.scoreAlpha, calibration: o.calibration }) };
    })
    .sort((a, b) => b.rankScore - a.rankScore || b.score - a.score);
  return o.method === "convex" && policy === "within-embedded" ? fuseWithinEmbedded(signals, fused) : fused;
}

/** The "within-embedded" order: the keyword order's places, those of chunks with a vector refilled in fused order. */
function fuseWithinEmbedded(signals: ChunkSignals[], fused: FusedChunk[]): FusedChunk[] {
  const byId = new Map(signals.map((s) => [s.chunkId, s]));
  const keyword = signals.filter((s) => s.lexicalRank !== null).sort((a, b) => a.lexicalRank! - b.lexicalRank!);
  if (!keyword.some((s) => s.similarity === null)) return fused;
  const embedded = fused.filter((f) => byId.get(f.chunkId)!.similarity !== null);
  const byChunk = new Map(fused.map((f) => [f.chunkId, f]));
  let next = 0;
  const placed = keyword.map((s) => (s.similarity === null ? byChunk.get(s.chunkId)! : embedded[next++]!));
  const order = [...placed, ...embedded.slice(next), ...fused.filter((f) => !placed.includes(f) && !embedded.includes(f))];
  return order.map((f, i) => ({ ...f, rankScore: order.length - i }));
}
