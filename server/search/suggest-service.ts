// Completions while typing: what the site's titles, headings and popular queries offer for the words typed so far.
// Completes the last word of the query; earlier words must also occur in a completion for it to be offered.
import type { Completion, SuggestResponse } from "../../shared/suggest.ts";
import { Limits } from "../../shared/limits.ts";
import type { CompletionSource } from "../ports/completion-source.ts";
import { splitWords } from "./parse-query.ts";

/** Popular queries are what visitors actually typed, so they lead; then titles, then headings. */
const sourceOrder = { query: 0, title: 1, heading: 2 } as const;

export class SuggestService {
  constructor(private readonly source: CompletionSource) {}

  async suggest(input: { siteId: string; query: string; signal?: AbortSignal }): Promise<SuggestResponse> {
    const query = input.query.trim();
    const words = splitWords(query);
    const last = words.at(-1);
    // A single letter matches half the site: not worth a round trip.
    if (!last || (words.length === 1 && [...last].length < 2)) return { query, completions: [] };
    const earlier = words.slice(0, -1);
    const found = await this.source.candidates({ siteId: input.siteId, prefix: last, words: earlier, limit: Limits.suggestLimit * 2, signal: input.signal });
    const seen = new Set<string>();
    const completions: Completion[] = [];
    const ranked = found
      .filter((c) => {
        const have = splitWords(c.text);
        return earlier.every((w) => have.includes(w)) && have.some((w) => w.startsWith(last));
      })
      .sort((a, b) => sourceOrder[a.source] - sourceOrder[b.source] || b.weight - a.weight || a.text.length - b.text.length);
    for (const c of ranked) {
      const key = c.text.trim().toLowerCase();
      if (seen.has(key) || key === query.toLowerCase()) continue;
      seen.add(key);
      completions.push({ text: c.text.trim(), source: c.source });
      if (completions.length === Limits.suggestLimit) break;
    }
    return { query, completions };
  }
}
