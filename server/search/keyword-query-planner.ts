// Turns what the visitor typed into what the keyword engines search: the parsed syntax (phrases, exclusions),
// each plain word with its typo corrections and synonyms, the text to embed, and a "Did you mean" suggestion.
import type { Synonym } from "../../shared/synonyms.ts";
import type { LexicalTerms } from "../ports/lexical-index.ts";
import type { Vocabulary } from "../ports/vocabulary.ts";
import type { Logger } from "../logger.ts";
import { allowedEdits } from "./edit-distance.ts";
import { parseQuery, splitWords, type ParsedQuery } from "./parse-query.ts";
import { synonymAlternatives } from "./synonym-expansion.ts";
import { correctWord, isSettledWord, type Correction } from "./typo-correction.ts";

export interface KeywordPlan {
  parsed: ParsedQuery;
  terms: LexicalTerms;
  /**
   * What the vector side embeds: the query as typed, without its exclusions. A short query with a typo embeds the
   * corrected spelling; a long one never does (its corrections are suggestions and extra keyword alternatives only).
   */
  semanticQuery: string;
  /** The query with its typos corrected, when any word was corrected. */
  suggestion: string | null;
}

/** Completions of an unfinished last word searched beside it: enough for the likely ones, few enough to stay cheap. */
const PREFIX_EXPANSIONS = 8;

export class KeywordQueryPlanner {
  constructor(
    private readonly vocabulary: Vocabulary | null,
    private readonly log: Logger,
  ) {}

  /** `synonyms` may still be on its way (the sites' settings): the vocabulary is asked meanwhile. */
  async plan(input: {
    siteIds: string[];
    query: string;
    synonyms: readonly Synonym[] | Promise<readonly Synonym[]>;
    typoTolerance?: boolean;
    /** The last word is still being typed: it is searched with the sites' words it begins, and never typo-corrected. */
    prefixLast?: boolean;
    signal?: AbortSignal;
  }): Promise<KeywordPlan> {
    const parsed = parseQuery(input.query);
    const long = isLongQuery(parsed);
    const last = input.prefixLast ? parsed.words.at(-1) : undefined;
    const correctable = last === undefined ? parsed.words : parsed.words.slice(0, -1);
    const [corrections, completed] = await Promise.all([
      input.typoTolerance === false ? new Map<string, Correction>() : this.corrections(input.siteIds, correctable, long, input.signal),
      last === undefined ? [] : this.completions(input.siteIds, last, input.signal),
    ]);
    const siteSynonyms = await input.synonyms;
    const synonyms = synonymAlternatives(parsed.words, siteSynonyms);
    const words = parsed.words.map((w) => {
      const corrected = corrections.get(w)?.alternatives ?? [];
      // Synonyms of the corrected word count too: "vhots" → "vhost" → "virtual host".
      const viaCorrection = corrected.flatMap((c) => synonymAlternatives([c], siteSynonyms).get(c) ?? []);
      const prefixed = w === last ? completed : [];
      return [...new Set([w, ...corrected, ...(synonyms.get(w) ?? []), ...viaCorrection, ...prefixed])];
    });
    const best = new Map([...corrections].map(([w, c]) => [w, c.best]));
    const suggestion = best.size > 0 ? replaceWords(input.query, best) : null;
    return {
      parsed,
      terms: { words, phrases: parsed.phrases, excluded: parsed.excluded },
      semanticQuery: semanticText(suggestion !== null && !long ? suggestion : input.query),
      suggestion,
    };
  }

  private async completions(siteIds: string[], prefix: string, signal?: AbortSignal): Promise<string[]> {
    if (!this.vocabulary) return [];
    try {
      const found = await this.vocabulary.prefixed({ siteIds, prefix, limit: PREFIX_EXPANSIONS, signal });
      return found.map((t) => t.term).filter((t) => /^[\p{L}\p{N}]+$/u.test(t));
    } catch (error) {
      if (signal?.aborted) throw error;
      this.log.warn("vocabulary prefix lookup failed; searching the unfinished word as typed", { error });
      return [];
    }
  }

  /** In a long query a word the sites use is taken as meant: there a rare real word is far likelier than a typo. */
  private async corrections(siteIds: string[], words: string[], long: boolean, signal?: AbortSignal) {
    const out = new Map<string, NonNullable<ReturnType<typeof correctWord>>>();
    const eligible = words.filter((w) => allowedEdits(w) > 0);
    if (!this.vocabulary || eligible.length === 0) return out;
    try {
      // Most words are ones the sites use often: an exact count settles them, and only the rest need the look-alike
      // search, which costs tens of milliseconds per word on a large vocabulary.
      const counts = await this.vocabulary.counts({ siteIds, words: eligible, signal });
      const doubtful = eligible.filter((w) => (long ? (counts.get(w) ?? 0) === 0 : !isSettledWord(counts.get(w) ?? 0)));
      if (doubtful.length === 0) return out;
      const near = await this.vocabulary.near({ siteIds, words: doubtful, signal });
      for (const w of doubtful) {
        // Vocabulary words are whatever the text parser kept ("name-based", "1.2"); a correction must be one plain word.
        const c = correctWord(
          w,
          (near.get(w) ?? []).filter((t) => /^[\p{L}\p{N}]+$/u.test(t.term)),
        );
        if (c) out.set(w, c);
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      // Typo correction is a help, not a requirement: the search goes on with the words as typed.
      this.log.warn("vocabulary lookup failed; searching without typo correction", { error });
    }
    return out;
  }
}

/** Questions rather than keywords: from this many words on, a query is searched as a long one. */
const LONG_QUERY_WORDS = 6;

const isLongQuery = (parsed: ParsedQuery): boolean => parsed.words.length + parsed.phrases.flat().length >= LONG_QUERY_WORDS;

/**
 * What the vector side embeds when no word needs correcting (KeywordPlan.semanticQuery then), known before the
 * vocabulary is asked; null when the query has no words to search.
 */
export function typedSemanticQuery(query: string): string | null {
  const parsed = parseQuery(query);
  if (parsed.words.length === 0 && parsed.phrases.length === 0) return null;
  return semanticText(query);
}

/**
 * The query for the model, which reads whole sentences: every word in the order typed, repeats and all, with only the
 * -word exclusions taken out (their words would pull the vector towards what the visitor wants left out). Punctuation
 * is left out as the keyword side leaves it: on SciFact the model ranked better without it (vector 0.671 against 0.656).
 */
const semanticText = (query: string) => splitWords(query.normalize("NFKC").replace(/(^|\s)-[\p{L}\p{N}][^\s"]*/gu, " ")).join(" ");

/** The query as typed, with corrected words swapped in place (case and punctuation elsewhere kept). */
function replaceWords(query: string, best: Map<string, string>): string {
  return query.normalize("NFKC").replace(/[\p{L}\p{N}]+/gu, (w) => best.get(w.toLowerCase()) ?? w);
}
