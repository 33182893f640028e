// Site relevance boosts: tag and URL-glob multipliers applied to a page's score at query time.
import type { TagBoost, UrlBoost } from "../../shared/sites.ts";
import { compileUrlPattern } from "../ingest/url-pattern.ts";

export interface BoostRules {
  tagBoosts: TagBoost[];
  urlBoosts: UrlBoost[];
}

const compiled = new Map<string, RegExp | null>();

/**
 * The same glob language as page deletion (ingest/url-pattern.ts): with a scheme it matches the whole URL,
 * without one the path; `*` stays within a segment, `**` crosses. Query and fragment are ignored.
 */
function urlMatches(pattern: string, url: string): boolean {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    try {
      regex = compileUrlPattern(pattern);
    } catch {
      regex = null;
    }
    if (compiled.size > 5000) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex !== null && regex.test(url.replace(/[?#].*$/s, ""));
}

/** The product of every matching rule's boost (1 when none match). Tags compare case-insensitively. */
export function boostFactor(page: { url: string; tags: readonly string[] }, rules: BoostRules): number {
  const tags = new Set(page.tags.map((t) => t.toLowerCase()));
  let factor = 1;
  for (const rule of rules.tagBoosts) if (tags.has(rule.tag.toLowerCase())) factor *= rule.boost;
  for (const rule of rules.urlBoosts) if (urlMatches(rule.pattern, page.url)) factor *= rule.boost;
  return factor;
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
