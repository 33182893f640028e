// Scores the loaded candidate chunks of one query: admits them against the query's evidence, then fuses their
// lexical and vector signals into the calibrated 0-1 score and the rank score that orders results.
import type { LexicalHit } from "../ports/lexical-index.ts";
import type { SearchChunk } from "../ports/search-chunks.ts";
import type { VectorHit } from "../ports/vector-store.ts";
import { judgeChunk, type ChunkVerdict, type QueryEvidence } from "./chunk-evidence.ts";
import {
  defaultCalibration,
  fuse,
  lexicalHalfByEngine,
  lexicalHalfFor,
  type ChunkSignals,
  type FusionMethod,
  type ScoreParts,
  type UnembeddedPolicy,
} from "./fusion.ts";

export interface ScoredChunk {
  chunk: SearchChunk;
  score: number;
  rankScore: number;
  parts: ScoreParts;
}

export interface ScoreChunksInput {
  chunks: SearchChunk[];
  lexical: LexicalHit[];
  semantic: VectorHit[];
  evidence: QueryEvidence;
  /** The lexical engine's name: its scores are calibrated per engine. */
  engine: string;
  method: FusionMethod;
  alpha: number;
  scoreAlpha: number;
  rrfK: number;
  unembedded?: UnembeddedPolicy;
}

/**
 * Phrases and exclusions bind vector hits too; the engines already applied them to their own. A phrase never empties a
 * side, though: when no keyword hit (the engine then searched the phrase's words loosely) or no vector-only hit holds
 * it (a question quoting a title), that side's hits stand on their words or meaning, and only an excluded word keeps
 * one out.
 */
function admitted<T extends { c: SearchChunk; verdict: ChunkVerdict }>(judged: T[], evidence: QueryEvidence, lexicalIds: ReadonlySet<string>): T[] {
  if (evidence.phrases.length === 0) return judged.filter((j) => j.verdict.admitted);
  const withoutPhrases = { ...evidence, phrases: [] };
  const keep = new Set<T>();
  for (const side of [judged.filter((j) => lexicalIds.has(j.c.chunkId)), judged.filter((j) => !lexicalIds.has(j.c.chunkId))]) {
    const relax = side.length > 0 && !side.some((j) => j.verdict.admitted);
    for (const j of side) if (relax ? judgeChunk(j.c, withoutPhrases).admitted : j.verdict.admitted) keep.add(j);
  }
  return judged.filter((j) => keep.has(j));
}

/** The admitted chunks with their fused scores, best first. */
export function scoreChunks(input: ScoreChunksInput): ScoredChunk[] {
  const { chunks, lexical, semantic, evidence } = input;
  const lexicalById = new Map(lexical.map((h, i) => [h.chunkId, { score: h.score, rank: i + 1 }]));
  const vectorRank = new Map(semantic.map((h, i) => [h.chunkId, i + 1]));
  const byId = new Map(chunks.map((c) => [c.chunkId, c]));
  const judged = admitted(
    chunks.map((c) => ({ c, verdict: judgeChunk(c, evidence) })),
    evidence,
    new Set(lexicalById.keys()),
  );
  const signals: ChunkSignals[] = judged.map(({ c, verdict }) => ({
    chunkId: c.chunkId,
    coverage: verdict.coverage,
    lexical: lexicalById.get(c.chunkId)?.score ?? null,
    lexicalRank: lexicalById.get(c.chunkId)?.rank ?? null,
    similarity: c.similarity,
    vectorRank: vectorRank.get(c.chunkId) ?? null,
  }));
  const calibration = {
    ...defaultCalibration,
    lexicalHalf: lexicalHalfFor(lexicalHalfByEngine[input.engine] ?? defaultCalibration.lexicalHalf, evidence.groups.length),
  };
  const { method, alpha, scoreAlpha, rrfK, unembedded } = input;
  const fused = fuse(signals, { method, alpha, scoreAlpha, rrfK, calibration, unembedded });
  return fused.map((f) => ({ chunk: byId.get(f.chunkId)!, score: f.score, rankScore: f.rankScore, parts: f.parts }));
}
