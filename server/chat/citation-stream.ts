// Renumbers citations of an answer while it streams, so the deltas sent add up to exactly the final renumbered answer;
// an optional rewrite (links off the site made plain text) is applied the same way to what is sent and to the end.
import { extractCitations, renumberCitations } from "./citations.ts";

/**
 * Where a link that may still be growing starts (an open `[text](url`, `<https://…`, a bare URL or the start of
 * one at the very end), or -1. Held back so a link is rewritten whole, never after part of it was sent.
 */
function openLinkStart(text: string): number {
  const lineStart = text.lastIndexOf("\n") + 1;
  const line = text.slice(lineStart);
  const held: number[] = [];
  const open = /!?\[[^\]\n]*(?:\](?:\([^)\n]*|:.*)?)?$/.exec(line) ?? /<[^>\s]*$/.exec(line) ?? /!$/.exec(line);
  if (open) held.push(open.index);
  const url = /(?:https?:\/\/|www\.)\S*$/i.exec(line) ?? /(?:^|[^\w])(h(?:t(?:t(?:ps?(?::\/?)?)?)?)?|w(?:ww?)?)$/i.exec(line);
  if (url) {
    const at = url.index + url[0].length - (url[1] ?? url[0]).length;
    // A URL inside a finished `[text](url` or `<url` belongs to that link: hold back the whole link.
    const wrapper = /!?\[[^\]\n]*\]\(\s*<?$|^[ \t]{0,3}\[[^\]\n]*\]:[ \t]*<?$|<$/.exec(line.slice(0, at));
    held.push(wrapper ? wrapper.index : at);
  }
  return held.length === 0 ? -1 : lineStart + Math.min(...held);
}

/**
 * The part of the raw text whose renumbering can no longer change: it holds back a citation that may
 * still be growing (`[1, 2` or `[2]` that a `(` would turn into a link), a backtick that may open inline
 * code, and trailing blanks (a dropped citation takes the blank before it with it).
 */
function settled(raw: string, holdLinks: boolean): string {
  let end = raw.length;
  const bracket = raw.lastIndexOf("[");
  if (bracket >= 0 && /^\[[\d\s,\-–]*\]?$/.test(raw.slice(bracket))) end = bracket;
  const link = holdLinks ? openLinkStart(raw.slice(0, end)) : -1;
  if (link >= 0) end = link;
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

  /**
   * `sourceCount` is how many sources the answer may cite; other numbers are dropped, as in the final answer.
   * `rewrite` must change text only locally (within one link), so a rewritten prefix stays a prefix.
   */
  constructor(
    private readonly sourceCount: number,
    private readonly rewrite?: (text: string) => string,
  ) {}

  #settled(): string {
    const prefix = settled(this.#raw, this.rewrite !== undefined);
    return this.rewrite ? this.rewrite(prefix) : prefix;
  }

  /** Takes raw model text and returns renumbered text that is safe to send now (often ""). */
  push(text: string): string {
    this.#raw += text;
    if (this.#diverged) return "";
    const prefix = this.#settled();
    return this.#advance(renumberCitations(prefix, extractCitations(prefix, this.sourceCount)));
  }

  /** Source numbers (of the raw list) cited by what was sent so far, in order of first use. */
  get cited(): number[] {
    return extractCitations(this.#settled(), this.sourceCount);
  }

  /** The final answer, the raw source numbers it cites, and what is left to send of it. */
  end(): { text: string; used: number[]; rest: string } {
    const raw = this.rewrite ? this.rewrite(this.#raw) : this.#raw;
    const used = extractCitations(raw, this.sourceCount);
    const text = renumberCitations(raw, used);
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
