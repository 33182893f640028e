// Per-site synonyms applied to the query's words: a multi-way set lets each term find the others, a one-way set
// lets only its first term find the rest. Terms may be short phrases, matched as consecutive query words.
import type { Synonym } from "../../shared/synonyms.ts";
import { splitWords } from "./parse-query.ts";

/** For each query word that starts a synonym term, the words of the other terms of its set. */
export function synonymAlternatives(words: string[], synonyms: readonly Synonym[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const set of synonyms) {
    const terms = set.terms.map(splitWords).filter((t) => t.length > 0);
    const triggers = set.oneWay ? terms.slice(0, 1) : terms;
    for (const trigger of triggers) {
      const at = findSequence(words, trigger);
      if (at < 0) continue;
      const others = terms.filter((t) => t !== trigger).flat();
      const word = words[at]!;
      out.set(
        word,
        [...new Set([...(out.get(word) ?? []), ...others])].filter((w) => !trigger.includes(w)),
      );
    }
  }
  return out;
}

function findSequence(words: string[], seq: string[]): number {
  for (let i = 0; i + seq.length <= words.length; i++) {
    if (seq.every((w, j) => words[i + j] === w)) return i;
  }
  return -1;
}
