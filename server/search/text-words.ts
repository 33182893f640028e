// The words of the texts search reads on every request: chunk evidence reads each candidate's words and snippets
// each result's, and under typing traffic the same few hundred chunks come back search after search. Splitting a text
// into words (a Unicode regex over ~700 characters) cost more than the rest of both, so the split is kept per text,
// keyed by the text itself (a changed chunk is a different key), for the texts read most recently.
import { normalizeText, wordsOf } from "./parse-query.ts";

/** A text as snippets show it (whitespace collapsed), with where each word starts and ends and the word lower-cased. */
export interface PlainWords {
  text: string;
  starts: number[];
  ends: number[];
  lower: string[];
}

/** A text as chunk evidence reads it (lower-cased, NFKC), and its words. */
export interface NormalizedWords {
  normalized: string;
  words: string[];
}

const MAX_TEXTS = 4000;

/** Markup never reaches a snippet: chunks are plain text already, and whitespace runs collapse to one space. */
function plainText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Least recently read out first; a hit moves the entry to the end of the Map's order. */
class RecentTexts<T> {
  private readonly entries = new Map<string, T>();

  get(text: string, make: (text: string) => T): T {
    const kept = this.entries.get(text);
    if (kept !== undefined) {
      this.entries.delete(text);
      this.entries.set(text, kept);
      return kept;
    }
    const made = make(text);
    this.entries.set(text, made);
    if (this.entries.size > MAX_TEXTS) this.entries.delete(this.entries.keys().next().value!);
    return made;
  }
}

const plain = new RecentTexts<PlainWords>();
const normalized = new RecentTexts<NormalizedWords>();

export function plainWords(raw: string): PlainWords {
  return plain.get(raw, (text) => {
    const out: PlainWords = { text: plainText(text), starts: [], ends: [], lower: [] };
    for (const m of out.text.matchAll(/[\p{L}\p{N}]+/gu)) {
      out.starts.push(m.index);
      out.ends.push(m.index + m[0].length);
      out.lower.push(m[0].toLowerCase());
    }
    return out;
  });
}

export function normalizedWords(raw: string): NormalizedWords {
  return normalized.get(raw, (text) => {
    const n = normalizeText(text);
    return { normalized: n, words: wordsOf(n) };
  });
}
