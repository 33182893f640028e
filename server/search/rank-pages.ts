// Groups scored chunks by page and orders the pages: each page ranks by its best chunk, boosted by its site's
// rules, and pages under minScore drop out.
import { applyBoost, boostFactors, type BoostRules } from "./boosts.ts";
import type { PageFilter } from "./filters.ts";
import type { ScoredChunk } from "./score-chunks.ts";

export interface RankedPage {
  /** The page's chunks in score order: the first is its best. */
  list: ScoredChunk[];
  /** The best chunk's score after the boost. */
  score: number;
  rankScore: number;
}

export interface RankPagesOptions {
  pageFilter: PageFilter | null;
  /** Boost rules by site id. */
  rules: ReadonlyMap<string, BoostRules>;
  minScore: number;
}

/** The pages that pass the filter and minScore, best first. */
export async function rankPages(scored: ScoredChunk[], { pageFilter, rules, minScore }: RankPagesOptions): Promise<RankedPage[]> {
  // Pages in order of their best chunk; a page's chunks stay in score order for its sections.
  const pages = new Map<string, ScoredChunk[]>();
  for (const s of scored) {
    if (pageFilter && !pageFilter(s.chunk)) continue;
    const list = pages.get(s.chunk.pageId);
    if (list) list.push(s);
    else pages.set(s.chunk.pageId, [s]);
  }
  const lists = [...pages.values()];
  const factors = await boostFactors(lists.map((list) => ({ ...list[0]!.chunk, rules: rules.get(list[0]!.chunk.siteId) })));
  return lists
    .map((list, i) => {
      const best = list[0]!;
      const factor = factors[i]!;
      return { list, score: applyBoost(best.score, factor), rankScore: best.rankScore * factor };
    })
    .filter((p) => p.score >= minScore)
    .sort((a, b) => b.rankScore - a.rankScore || b.score - a.score);
}
