// Site relevance boosts: tag and URL-glob multipliers applied to a page's score at query time.
import type { TagBoost, UrlBoost } from "../../shared/sites.ts";
import { compileUrlPatternSet } from "../patterns/url-pattern-set.ts";
import { mapInSlices } from "../patterns/filter-in-slices.ts";

export interface BoostRules {
  tagBoosts: TagBoost[];
  urlBoosts: UrlBoost[];
}

const patternLists = new WeakMap<readonly UrlBoost[], string[]>();

/**
 * The same glob language as page deletion (patterns/url-pattern.ts): with a scheme it matches the whole URL,
 * without one the path; `*` stays within a segment, `**` crosses. Query and fragment are ignored. All of a site's
 * patterns run as one linear-time RE2 set, so no rule list can stall a search.
 */
function urlBoostFactor(url: string, rules: readonly UrlBoost[]): number {
  if (rules.length === 0) return 1;
  let patterns = patternLists.get(rules);
  if (!patterns) patternLists.set(rules, (patterns = rules.map((rule) => rule.pattern)));
  const set = compileUrlPatternSet(patterns);
  let factor = 1;
  for (const index of set.matching(url.replace(/[?#].*$/s, ""))) factor *= rules[index]!.boost;
  return factor;
}

/** The product of every matching rule's boost (1 when none match). Tags compare case-insensitively. */
export function boostFactor(page: { url: string; tags: readonly string[] }, rules: BoostRules): number {
  const tags = new Set(page.tags.map((t) => t.toLowerCase()));
  let factor = 1;
  for (const rule of rules.tagBoosts) if (tags.has(rule.tag.toLowerCase())) factor *= rule.boost;
  return factor * urlBoostFactor(page.url, rules.urlBoosts);
}

/**
 * Every page's factor, yielding to other requests every few milliseconds: a site's boost rules may be slow (up to
 * the program-size budget), and that must slow only its own search, never another tenant's requests.
 */
export function boostFactors(pages: ReadonlyArray<{ url: string; tags: readonly string[]; rules: BoostRules | undefined }>): Promise<number[]> {
  return mapInSlices(pages, (page) => (page.rules ? boostFactor(page, page.rules) : 1));
}

/**
 * Multiplies the score's odds, s/(1-s), by the factor: order-preserving, stays inside 0-1 (a plain
 * product would push boosted pages past 1 and tie them there), and a boost of 1 changes nothing.
 */
export function applyBoost(score: number, factor: number): number {
  if (factor === 1 || score <= 0) return score;
  if (score >= 1) return 1;
  return (factor * score) / (1 - score + factor * score);
}
