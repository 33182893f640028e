// Snippets: the passage of a chunk that holds the most query terms, as plain text, with the
// [start, end) offsets of the matched words so the widget highlights without parsing HTML.
import { stem, stemCore } from "./stem.ts";
import { plainWords } from "./text-words.ts";

export interface Snippet {
  text: string;
  highlights: Array<[number, number]>;
}

export interface SnippetOptions {
  /** Target length in characters; the window is cut at word boundaries, so it may be a little shorter. */
  length: number;
  /** Characters of context shown before the first matched word. */
  lead: number;
}

const defaults: SnippetOptions = { length: 220, lead: 40 };

interface Word {
  start: number;
  end: number;
  term: string;
}

/** Where every word starts and ends, and the words whose stem the query has. */
interface Scan {
  starts: number[];
  ends: number[];
  matches: Word[];
}

/**
 * Only a word that starts with a query stem's core can have that stem (stemCore), so the others are passed over with a
 * look at their first letter: snippets are made for every result of every search, and most words match nothing. The
 * text's words and their places are read once per text (text-words.ts), the query's matches on every call.
 */
function scan(rawText: string, stems: ReadonlySet<string>): Scan & { text: string } {
  const cores = [...stems].map(stemCore).filter((core) => core.length > 0);
  const initials = new Set(cores.map((core) => core[0]!));
  const { text, starts, ends, lower } = plainWords(rawText);
  const matches: Word[] = [];
  for (let i = 0; i < lower.length; i++) {
    const word = lower[i]!;
    if (!initials.has(word[0]!)) continue;
    if (!cores.some((core) => word.startsWith(core))) continue;
    const s = stem(word);
    if (stems.has(s)) matches.push({ start: starts[i]!, end: ends[i]!, term: s });
  }
  return { text, starts, ends, matches };
}

/**
 * Scores each window starting at a matched word by distinct terms first, then total matches, and keeps
 * the best; without any match the snippet is the chunk's opening.
 */
export function makeSnippet(rawText: string, stems: ReadonlySet<string>, options: Partial<SnippetOptions> = {}): Snippet {
  const { length, lead } = { ...defaults, ...options };
  const { text, starts, ends, matches } = scan(rawText, stems);
  let start = 0;
  if (matches.length > 0 && text.length > length) {
    let best = { score: -1, start: 0 };
    for (let i = 0; i < matches.length; i++) {
      const from = matches[i]!.start;
      const inWindow = matches.slice(i).filter((m) => m.end <= from + length - lead);
      const score = new Set(inWindow.map((m) => m.term)).size * 100 + inWindow.length;
      if (score > best.score) best = { score, start: from };
    }
    // Step back to show context, snapping to the start of a word.
    const wanted = Math.max(0, best.start - lead);
    start = wanted === 0 ? 0 : (starts.find((at) => at >= wanted) ?? best.start);
    // Prefer starting at a sentence when one begins shortly before the match.
    const sentence = text.lastIndexOf(". ", best.start);
    if (sentence >= 0 && sentence + 2 >= wanted - lead && sentence + 2 <= best.start) start = sentence + 2;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    let last = -1;
    for (let i = 0; i < ends.length && ends[i]! <= end; i++) if (starts[i]! >= start) last = i;
    if (last >= 0) end = ends[last]!;
  }
  const prefix = start > 0 ? "… " : "";
  const suffix = end < text.length ? " …" : "";
  const highlights = matches
    .filter((m) => m.start >= start && m.end <= end)
    .map((m): [number, number] => [m.start - start + prefix.length, m.end - start + prefix.length]);
  return { text: prefix + text.slice(start, end) + suffix, highlights };
}
