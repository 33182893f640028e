// Turns a follow-up question ("and on Windows?") into a stand-alone search query using the previous question's terms.
import { contentWords, stem } from "./question-terms.ts";

export interface RewriteTurn {
  question: string;
  answer: string;
}

export interface RewriteInput {
  question: string;
  history: RewriteTurn[];
}

/** Openings that only make sense as a continuation of the last exchange. */
const followUpOpening =
  /^\s*(?:and|but|also|so|then|or|what about|how about|what if|same for|and what about|and how about|why|why not|how come|more on|tell me more|what else|any other|which one|which ones)\b/i;

/** Words that point back at something named earlier. */
const backReference = /\b(?:it|its|it's|that|this|these|those|they|them|their|theirs|there|one|ones|same|above|former|latter)\b/i;

/** A follow-up is short; a long question carries its own context even when it says "it". */
const maxFollowUpWords = 8;
const maxAddedTerms = 6;

function looksLikeFollowUp(question: string): boolean {
  const words = question.trim().split(/\s+/).filter(Boolean).length;
  if (words === 0 || words > maxFollowUpWords) return false;
  return followUpOpening.test(question) || backReference.test(question) || contentWords(question).length <= 1;
}

/**
 * A stand-alone query for retrieval: the question itself, or, when it reads as a follow-up, the
 * question plus the key terms of the previous (itself rewritten) question. Pure and deterministic.
 */
export function rewriteFollowUp(input: RewriteInput): string {
  const question = input.question.trim();
  const previous = input.history.at(-1);
  if (!previous || !looksLikeFollowUp(question)) return question;
  // The previous question may itself have been a follow-up, so it is made stand-alone first.
  const previousQuery = rewriteFollowUp({ question: previous.question, history: input.history.slice(0, -1) });
  const present = new Set(contentWords(question).map(stem));
  const added: string[] = [];
  for (const word of contentWords(previousQuery)) {
    const key = stem(word);
    if (present.has(key)) continue;
    present.add(key);
    added.push(word);
    if (added.length === maxAddedTerms) break;
  }
  return added.length > 0 ? `${question} ${added.join(" ")}` : question;
}
