// Renumbers citations of an answer while it streams, so the deltas sent add up to exactly the final renumbered answer.
import { extractCitations, renumberCitations } from "./citations.ts";

/**
 * The part of the raw text whose renumbering can no longer change: it holds back a citation that may
 * still be growing (`[1, 2` or `[2]` that a `(` would turn into a link), a backtick that may open inline
 * code, and trailing blanks (a dropped citation takes the blank before it with it).
 */
function settled(raw: string): string {
  let end = raw.length;
  const bracket = raw.lastIndexOf("[");
  if (bracket >= 0 && /^\[[\d\s,\-–]*\]?$/.test(raw.slice(bracket))) end = bracket;
  let lastSpanEnd = 0;
  for (const match of raw.slice(0, end).matchAll(/```[\s\S]*?(?:```|$)|`[^`\n]*`/g)) lastSpanEnd = match.index + match[0].length;
  const tick = raw.indexOf("`", lastSpanEnd);
  if (tick >= 0 && tick < end && !raw.slice(tick, end).includes("\n")) end = tick;
  return raw.slice(0, end).replace(/[ \t]+$/, "");
}

export class CitationStream {
  #raw = "";
  #emitted = "";
  #diverged = false;

  /** `sourceCount` is how many sources the answer may cite; other numbers are dropped, as in the final answer. */
  constructor(private readonly sourceCount: number) {}

  /** Takes raw model text and returns renumbered text that is safe to send now (often ""). */
  push(text: string): string {
    this.#raw += text;
    if (this.#diverged) return "";
    const prefix = settled(this.#raw);
    return this.#advance(renumberCitations(prefix, extractCitations(prefix, this.sourceCount)));
  }

  /** Source numbers (of the raw list) cited by what was sent so far, in order of first use. */
  get cited(): number[] {
    return extractCitations(settled(this.#raw), this.sourceCount);
  }

  /** The final answer, the raw source numbers it cites, and what is left to send of it. */
  end(): { text: string; used: number[]; rest: string } {
    const used = extractCitations(this.#raw, this.sourceCount);
    const text = renumberCitations(this.#raw, used);
    // Divergence needs odd markdown (a fence opened by backticks that first read as inline code); the
    // final answer in answer-end is authoritative then, and the rest is not sent as a delta.
    const rest = !this.#diverged && text.startsWith(this.#emitted) ? text.slice(this.#emitted.length) : "";
    return { text, used, rest };
  }

  #advance(renumbered: string): string {
    if (!renumbered.startsWith(this.#emitted)) {
      this.#diverged = true;
      return "";
    }
    const delta = renumbered.slice(this.#emitted.length);
    this.#emitted = renumbered;
    return delta;
  }
}
