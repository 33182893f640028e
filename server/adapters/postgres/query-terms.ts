// The words of a search query as both Postgres lexical engines receive them: letters and digits only,
// so no user input can reach tsquery or bm25query syntax.

/** Distinct lower-cased words, at most 32 (a longer query adds cost, not recall). */
export function queryWords(query: string): string[] {
  const words = query.toLowerCase().normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 32);
}
