// Answers without a language model: picks the sentences of the best passages that share most terms with the question.
import { questionTerms } from "./question-terms.ts";

export interface ExtractivePassage {
  /** The source number cited as [n]. */
  n: number;
  url: string;
  title: string;
  text: string;
  /** Retrieval score, 0-1; higher ranks the passage's sentences a little higher. */
  score: number;
}

export interface ExtractiveAnswerInput {
  question: string;
  passages: ExtractivePassage[];
  /** Lead sentence plus key sentences. Default 4, at least 1. */
  maxSentences?: number;
}

export interface ExtractiveAnswer {
  text: string;
  /** Source numbers cited, in order of first use in `text`. */
  used: number[];
  answered: boolean;
}

export const notFoundText = "I could not find this in the site's content. Try rephrasing the question, or use the search results.";

interface Candidate {
  n: number;
  text: string;
  terms: Set<string>;
  overlap: number;
  score: number;
  /** Passage order, then sentence order: the tie-breaker that keeps the output deterministic. */
  order: number;
  rank: number;
  position: number;
}

const minSentenceChars = 25;
const maxSentenceChars = 280;

/**
 * A piece that opens in lower case or with continuing punctuation ("and then…", ", which…") starts mid-sentence: a
 * chunk or a clipped passage began inside a sentence. A list item may open in lower case; it is whole.
 */
const continues = (piece: string) => /^[\p{Ll},;:)\]…–—]/u.test(piece);
const listItem = /^\s*(?:[-*•]|\d+\.)\s/;

function sentencesOf(text: string): string[] {
  return (
    text
      .replace(/\[\d{1,3}\]/g, "") // the page's own footnote marks would read as our citations
      .split(/\n\s*\n|(?<=:)\n|\n(?=\s*(?:[-*•]|\d+\.)\s)|(?<=[.!?])["')\]]?\s+(?=["'([]?[\p{Lu}\p{N}])/u)
      .filter((s) => listItem.test(s) || !continues(s.trim()))
      .map((s) =>
        s
          .replace(/^\s*(?:[-*•]|#{1,6})\s+/, "")
          .replace(/\s+/g, " ")
          .trim(),
      )
      // A line ending in ":" is a section's heading or a list's introduction: neither says anything alone.
      .filter((s) => s.length >= minSentenceChars && !s.endsWith(":"))
  );
}

function shorten(sentence: string): string {
  if (sentence.length <= maxSentenceChars) return sentence;
  const cut = sentence.slice(0, maxSentenceChars);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length).replace(/[,;:\s]+$/, "")}…`;
}

/**
 * Markdown must not turn a quoted page line into a heading, list or emphasis, nor let it forge a citation. Pipes
 * stay as they are: a one-line sentence cannot open a table (that needs a delimiter row), and "\\|" is what a
 * visitor saw wherever the answer was shown as text.
 */
function asPlainMarkdown(sentence: string): string {
  return sentence.replace(/[\\`*_[\]<>#]/g, (c) => `\\${c}`);
}

/** A table read as "Label: value · Label: value" (ingest/table-text.ts) lists facts; it rarely answers "how". */
const isFieldList = (sentence: string) => sentence.split(" · ").length >= 3;

/**
 * How much each question word tells: a word found in few of the sentences ("name-based") outweighs one found in
 * many ("host"), so the sentence matching the distinctive part of the question wins.
 */
function termWeights(question: Set<string>, sentences: Set<string>[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of question) {
    const df = sentences.filter((terms) => terms.has(term)).length;
    weights.set(term, Math.log(1 + (sentences.length + 1) / (df + 1)));
  }
  return weights;
}

function candidatesOf(question: Set<string>, parsed: { text: string; terms: Set<string> }[][], passages: ExtractivePassage[]): Candidate[] {
  const candidates: Candidate[] = [];
  const weights = termWeights(
    question,
    parsed.flat().map((s) => s.terms),
  );
  const total = [...weights.values()].reduce((a, b) => a + b, 0) || 1;
  passages.forEach((passage, rank) => {
    parsed[rank]!.forEach(({ text, terms }, position) => {
      const matched = [...question].filter((t) => terms.has(t));
      const overlap = matched.length;
      if (overlap === 0) return;
      const coverage = (matched.reduce((sum, t) => sum + weights.get(t)!, 0) / total) * (isFieldList(text) ? 0.5 : 1);
      // Coverage decides; rank, retrieval score and an early position only break near-ties.
      const score = coverage + 0.1 * Math.max(0, Math.min(1, passage.score)) + 0.05 / (1 + rank) + (position === 0 ? 0.02 : 0) - 0.0001 * position;
      candidates.push({ n: passage.n, text: shorten(text), terms, overlap, score, order: rank * 10_000 + position, rank, position });
    });
  });
  return candidates.sort((a, b) => b.score - a.score || a.order - b.order);
}

function similar(a: Set<string>, b: Set<string>): boolean {
  const shared = [...a].filter((t) => b.has(t)).length;
  return shared / Math.max(1, Math.min(a.size, b.size)) >= 0.8;
}

type Parsed = { text: string; terms: Set<string> }[][];

/**
 * The lead is a short passage, not a lone quote: the best sentence and the one after it on the page when that one
 * carries the thought on: it refers back ("It…", "This…") or answers the question nearly as well; never a table row.
 */
function leadOf(best: Candidate, parsed: Parsed, candidates: Candidate[]): { text: string; next: number | null } {
  const next = parsed[best.rank]![best.position + 1];
  const order = best.rank * 10_000 + best.position + 1;
  if (!next || isFieldList(next.text) || best.text.length + next.text.length > maxLeadChars) return { text: best.text, next: null };
  const relevant = (candidates.find((c) => c.order === order)?.score ?? 0) >= best.score * 0.6;
  if (!relevant && !refersBack.test(next.text)) return { text: best.text, next: null };
  return { text: `${best.text} ${next.text}`, next: order };
}

const refersBack = /^(?:It|Its|This|That|These|Those|They|Their|Then|Otherwise|In that case|For example|So)\b/;
/** A connective that ties a sentence to the one before it on its page: quoted alone, it reads as starting mid-thought. */
const leadingConnective = /^(?:Thus|So|Hence|Therefore|However|Also|In addition|Additionally|Consequently|As a result|Furthermore|Moreover),\s+(?=\S)/i;

/** The sentence as it reads on its own: without a connective to a sentence that is not quoted with it. */
function standingAlone(text: string): string {
  const rest = text.replace(leadingConnective, "");
  return rest === text ? text : rest.charAt(0).toUpperCase() + rest.slice(1);
}
const maxLeadChars = 420;

export function extractiveAnswer(input: ExtractiveAnswerInput): ExtractiveAnswer {
  const question = questionTerms(input.question);
  const declined: ExtractiveAnswer = { text: notFoundText, used: [], answered: false };
  if (question.size === 0) return declined;
  const parsed: Parsed = input.passages.map((p) => sentencesOf(p.text).map((text) => ({ text, terms: new Set([...questionTerms(text)]) })));
  const candidates = candidatesOf(question, parsed, input.passages);
  const best = candidates[0];
  // One shared word of a longer question is chance; two, or all of a one-word question, is a topic match.
  if (!best || best.overlap < Math.min(2, question.size)) return declined;

  const max = Math.max(1, input.maxSentences ?? 4);
  const lead = max > 1 ? leadOf(best, parsed, candidates) : { text: best.text, next: null };
  const chosen: Candidate[] = [best];
  const perSource = new Map<number, number>([[best.n, lead.next === null ? 1 : 2]]);
  for (const candidate of candidates.slice(1)) {
    if (chosen.length >= max - (lead.next === null ? 0 : 1)) break;
    if (candidate.score < best.score * 0.5) break;
    if (candidate.order === lead.next || chosen.some((c) => similar(c.terms, candidate.terms))) continue;
    // At most two sentences per source, so the answer draws on several pages when they agree.
    if ((perSource.get(candidate.n) ?? 0) >= 2) continue;
    perSource.set(candidate.n, (perSource.get(candidate.n) ?? 0) + 1);
    chosen.push(candidate);
  }

  const keys = chosen.slice(1).map((c) => `- ${asPlainMarkdown(standingAlone(c.text))} [${c.n}]`);
  const first = `${asPlainMarkdown(standingAlone(lead.text))} [${best.n}]`;
  const text = keys.length > 0 ? `${first}\n\n${keys.join("\n")}` : first;
  return { text, used: [...new Set(chosen.map((c) => c.n))], answered: true };
}
