// Ranking metrics as BEIR (pytrec_eval) computes them: graded nDCG with gain 2^g - 1, recall over the judged
// positives, reciprocal rank of the first relevant result.

export function ndcgAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + (2 ** (relevant.get(id) ?? 0) - 1) / Math.log2(i + 2), 0);
  const ideal = [...relevant.values()].sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  return idcg > 0 ? dcg / idcg : 0;
}

export function recallAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  if (relevant.size === 0) return 0;
  return ranked.slice(0, k).filter((id) => relevant.has(id)).length / relevant.size;
}

export function mrrAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  const first = ranked.slice(0, k).findIndex((id) => relevant.has(id));
  return first < 0 ? 0 : 1 / (first + 1);
}

export const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Nearest-rank percentile of an unsorted list. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
