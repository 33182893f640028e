// The words of a search query as both Postgres lexical engines receive them: letters and digits only,
// so no user input can reach tsquery or bm25query syntax.
import type { LexicalSearchInput } from "../../ports/lexical-index.ts";

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize("NFKC")
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Distinct lower-cased words, at most 32 (a longer query adds cost, not recall). */
export function queryWords(query: string): string[] {
  return [...new Set(wordsOf(query))].slice(0, 32);
}

export interface SafeTerms {
  /** Words any of which may match (each query word with its alternatives, and the words of phrases), at most 64. */
  any: string[];
  phrases: string[][];
  excluded: string[];
}

/** The planned terms (or the query's words), every word re-split to letters and digits whatever produced it. */
export function safeTerms(input: Pick<LexicalSearchInput, "query" | "terms">): SafeTerms {
  if (!input.terms) return { any: queryWords(input.query), phrases: [], excluded: [] };
  const phrases = input.terms.phrases.map((p) => p.flatMap(wordsOf)).filter((p) => p.length > 0);
  const any = [...new Set([...input.terms.words.flat().flatMap(wordsOf), ...phrases.flat()])].slice(0, 64);
  return { any, phrases, excluded: [...new Set(input.terms.excluded.flatMap(wordsOf))] };
}

/**
 * The must-hold part as tsquery text: every phrase (words joined by <->) and no excluded word; null when the
 * query has neither. Safe to interpolate: words are letters and digits only.
 */
export function constraintTsquery(t: SafeTerms): string | null {
  const parts = [...t.phrases.map((p) => `(${p.join(" <-> ")})`), ...t.excluded.map((w) => `!${w}`)];
  return parts.length > 0 ? parts.join(" & ") : null;
}
