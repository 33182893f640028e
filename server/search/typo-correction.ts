// Decides which query words are typos and what they were meant to be, from the words the site itself uses:
// a word the site never uses (or barely, beside a much commoner look-alike) is corrected to its nearest
// known words within the allowed edits. Exact words stay first in each group, so exact matches outrank fuzzy ones.
import type { VocabularyTerm } from "../ports/vocabulary.ts";
import { allowedEdits, editDistance } from "./edit-distance.ts";

export interface Correction {
  /** Known words within reach, best first (fewest edits, then most used). */
  alternatives: string[];
  /** The single best guess, for "Did you mean". */
  best: string;
}

/** A used-but-rare word is still treated as a typo when a look-alike is this many times commoner. */
const RARE_RATIO = 20;
/** A word in more chunks than this is taken as meant, however common its look-alikes. */
const SETTLED_CHUNKS = 2;

/** Whether a word the sites use in `own` chunks is taken as typed without looking for look-alikes. */
export function isSettledWord(own: number): boolean {
  return own > SETTLED_CHUNKS;
}
const MAX_ALTERNATIVES = 3;

export function correctWord(word: string, near: VocabularyTerm[]): Correction | null {
  const max = allowedEdits(word);
  if (max === 0) return null;
  const own = near.find((t) => t.term === word)?.chunks ?? 0;
  const candidates = near
    .filter((t) => t.term !== word)
    .map((t) => ({ ...t, distance: editDistance(word, t.term, max) }))
    .filter((t) => t.distance <= max)
    .sort((a, b) => a.distance - b.distance || b.chunks - a.chunks || a.term.localeCompare(b.term));
  const top = candidates[0];
  if (!top) return null;
  if (own > 0 && (isSettledWord(own) || top.chunks < own * RARE_RATIO)) return null;
  const closest = candidates.filter((c) => c.distance === top.distance);
  return { alternatives: closest.slice(0, MAX_ALTERNATIVES).map((c) => c.term), best: top.term };
}
