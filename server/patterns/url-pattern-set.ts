// Many URL patterns matched together (a site's URL boosts): one RE2 set runs every pattern over a URL in a single
// linear pass, compiled once per distinct list of patterns, i.e. once per settings change.
import { RE2Set } from "re2js";
import { patternSubjectOf, urlPatternSource, type PatternSubject } from "./url-pattern.ts";

export interface UrlPatternSet {
  /** Indexes (into the patterns given) of the patterns that match the URL; patterns that did not compile never match. */
  matching(url: string): readonly number[];
}

const EMPTY: UrlPatternSet = { matching: () => [] };
const sets = new Map<string, UrlPatternSet>();
const SET_LIMIT = 500;
const MEMO_LIMIT = 20_000;

/** One RE2 set per subject: a URL's path patterns run over its path, the others over the whole URL. */
function buildSet(patterns: readonly string[]): UrlPatternSet {
  const bySubject = new Map<PatternSubject, { set: RE2Set; original: number[] }>();
  patterns.forEach((pattern, index) => {
    let compiled: ReturnType<typeof urlPatternSource>;
    try {
      compiled = urlPatternSource(pattern);
    } catch {
      // Settings are validated when saved; a pattern stored before that check simply never matches.
      return;
    }
    let group = bySubject.get(compiled.subject);
    if (!group) bySubject.set(compiled.subject, (group = { set: new RE2Set(RE2Set.UNANCHORED), original: [] }));
    group.set.add(compiled.source);
    group.original.push(index);
  });
  if (bySubject.size === 0) return EMPTY;
  for (const group of bySubject.values()) group.set.compile();
  // The same pages come back search after search, so a URL's answer is remembered until the settings change.
  const memo = new Map<string, readonly number[]>();
  return {
    matching(url) {
      let found = memo.get(url);
      if (found) return found;
      const matches = [...bySubject].flatMap(([subject, group]) => group.set.match(patternSubjectOf(url, subject)).map((i) => group.original[i]!));
      found = matches.sort((a, b) => a - b);
      if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
      memo.set(url, found);
      return found;
    },
  };
}

/** Looked up by the list object first, so scoring a search's pages builds the key once, not once per page. */
const byList = new WeakMap<readonly string[], UrlPatternSet>();

export function compileUrlPatternSet(patterns: readonly string[]): UrlPatternSet {
  if (patterns.length === 0) return EMPTY;
  const known = byList.get(patterns);
  if (known) return known;
  const key = JSON.stringify(patterns);
  let compiled = sets.get(key);
  if (!compiled) {
    compiled = buildSet(patterns);
    if (sets.size >= SET_LIMIT) sets.delete(sets.keys().next().value!);
    sets.set(key, compiled);
  }
  byList.set(patterns, compiled);
  return compiled;
}
