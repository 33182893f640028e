// The playground's score split: each result's and section's keyword and meaning terms, rounded like the score.
import type { ScoreParts } from "./fusion.ts";

const round = (n: number) => Math.round(n * 10000) / 10000;

/** A page's parts: its best chunk's, scaled by the boost (boosted / unboosted) so they still add up to the page's score. */
export function explainScore(parts: ScoreParts, unboosted: number, boosted: number): ScoreParts {
  const scale = unboosted > 0 ? boosted / unboosted : 1;
  return { keyword: round(parts.keyword * scale), meaning: parts.meaning === null ? null : round(parts.meaning * scale) };
}
