// Query syntax: "exact phrase" must occur as written, -word must not occur, everything else is a plain word
// (ranked, not required, as before). A quoted single word is a plain word too: long questions quote words for
// emphasis ("training" and "classification"), and requiring each emptied their results. Unbalanced quotes and a
// lone "-" fall back to plain words, never an error.

export interface ParsedQuery {
  /** Plain words, lower-cased, in order of first appearance. */
  words: string[];
  /** Each phrase's words (two or more), in order; every phrase must occur. */
  phrases: string[][];
  excluded: string[];
}

const wordPattern = /[\p{L}\p{N}]+/gu;
/** Text as words are read from it: lower-cased and NFKC-normalised. */
export const normalizeText = (text: string): string => text.toLowerCase().normalize("NFKC");
/** The words of text already passed through normalizeText. */
export const wordsOf = (normalized: string): string[] => normalized.match(wordPattern) ?? [];
export const splitWords = (text: string): string[] => wordsOf(normalizeText(text));

/** At most 32 distinct words in all: a longer query adds cost, not recall (as the engines' own word limit). */
export function parseQuery(query: string): ParsedQuery {
  const words: string[] = [];
  const phrases: string[][] = [];
  const excluded: string[] = [];
  // A quote opens a phrase only when a closing quote follows; -word needs the minus at the start of a token.
  const pattern = /"([^"]*)"|(^|\s)-([\p{L}\p{N}][^\s"]*)|([^\s"]+)|"/gu;
  for (const m of query.normalize("NFKC").matchAll(pattern)) {
    if (m[1] !== undefined) {
      const inner = splitWords(m[1]);
      if (inner.length > 1) phrases.push(inner);
      else words.push(...inner);
    } else if (m[3] !== undefined) excluded.push(...splitWords(m[3]));
    else if (m[4] !== undefined) words.push(...splitWords(m[4]));
  }
  const seen = new Set<string>();
  const keep = (w: string) => (seen.has(w) || seen.size >= 32 ? false : (seen.add(w), true));
  const ex = excluded.filter(keep);
  return { words: words.filter(keep), phrases: phrases.filter((p) => p.every((w) => !ex.includes(w))), excluded: ex };
}

/** True when the query uses phrases or exclusions, so engines must honour more than an OR of its words. */
