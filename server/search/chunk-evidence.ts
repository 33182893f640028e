// What a chunk's own words say about a query, checked on the candidates whichever engine found them: phrases and
// exclusions hold for vector hits too, and the share of query words present is lexical evidence that survives when
// BM25's IDF collapses (a new site whose every page contains every query word).
import type { KeywordPlan } from "./keyword-query-planner.ts";
import { normalizedWords } from "./text-words.ts";
import { stem, stemCore, stopWords } from "./stem.ts";

export interface ChunkText {
  title: string;
  headingPath: string[];
  text: string;
}

export interface QueryEvidence {
  /** Stems of each query word and its alternatives; stop words left out unless the query has nothing else. */
  groups: Set<string>[];
  phrases: string[][];
  excluded: Set<string>;
}

export function queryEvidence(plan: KeywordPlan): QueryEvidence {
  const content = plan.terms.words.filter((g) => !stopWords.has(g[0]!));
  const words = content.length > 0 || plan.terms.phrases.length > 0 ? content : plan.terms.words;
  const groups = [
    ...words.map((g) => new Set(g.map(stem))),
    ...plan.terms.phrases
      .flat()
      .filter((w) => !stopWords.has(w))
      .map((w) => new Set([stem(w)])),
  ];
  return { groups, phrases: plan.terms.phrases.map((p) => p.map(stem)), excluded: new Set(plan.terms.excluded.map(stem)) };
}

export interface ChunkVerdict {
  /** False when a phrase is missing or an excluded word present. */
  admitted: boolean;
  /** Share of the query's word groups the chunk contains, 0-1. */
  coverage: number;
}

export function judgeChunk(chunk: ChunkText, q: QueryEvidence): ChunkVerdict {
  // Runs on every candidate of every search (up to 300 chunks): words are stemmed (cached) and only checked
  // against the query's stems, and the scan stops once every group that can be found is found.
  const read = [chunk.title, ...chunk.headingPath, chunk.text].map(normalizedWords);
  const texts = read.map((r) => r.normalized);
  if (q.phrases.length > 0)
    return judgeWithPhrases(
      read.flatMap((r) => r.words.map(stem)),
      q,
    );
  // A stem's core (see stemCore) is part of every word with that stem, so a core found nowhere in the text rules
  // the stem out without reading a word; most candidates of a vector search hold few of the query's words.
  const present = (s: string) => {
    const core = stemCore(s);
    return texts.some((t) => t.includes(core));
  };
  const findable = q.groups.map((g) => [...g].some(present));
  const reachable = findable.filter(Boolean).length;
  const mustScanAll = [...q.excluded].some(present);
  if (reachable === 0 && !mustScanAll) return verdict(true, 0, q);
  // stem() keeps a prefix of the word, so a word that starts with none of the cores still sought cannot stem to any
  // of their stems: it is passed over without a look-up (most words of a candidate are such words).
  const sought = [...q.groups.filter((_, i) => findable[i]).flatMap((g) => [...g]), ...(mustScanAll ? q.excluded : [])];
  const cores = [...new Set(sought.map(stemCore))];
  const found = new Set<number>();
  for (const { words } of read) {
    for (const word of words) {
      if (!cores.some((core) => word.startsWith(core))) continue;
      const s = stem(word);
      if (mustScanAll && q.excluded.has(s)) return { admitted: false, coverage: 0 };
      for (let i = 0; i < q.groups.length; i++) if (findable[i] && !found.has(i) && q.groups[i]!.has(s)) found.add(i);
      if (!mustScanAll && found.size === reachable) return verdict(true, found.size, q);
    }
  }
  return verdict(true, found.size, q);
}

function judgeWithPhrases(stems: string[], q: QueryEvidence): ChunkVerdict {
  const present = new Set(stems);
  const admitted = ![...q.excluded].some((w) => present.has(w)) && q.phrases.every((p) => hasSequence(stems, p));
  const matched = q.groups.filter((g) => [...g].some((s) => present.has(s))).length;
  return verdict(admitted, matched, q);
}

const verdict = (admitted: boolean, matched: number, q: QueryEvidence): ChunkVerdict => ({
  admitted,
  coverage: q.groups.length === 0 ? 0 : matched / q.groups.length,
});

function hasSequence(stems: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= stems.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (stems[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}
