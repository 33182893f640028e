// Retrieval for chat: hybrid search on the site and the full text of the chunks it matched, one numbered passage per page.
import type { PromptPassage } from "./answer-prompt.ts";
import type { PassageSearch } from "../ports/chat-passages.ts";

export type { PassageSearch };

export interface ChatPassage extends PromptPassage {
  /** Retrieval score 0-1, shown as the source's score and relevance. */
  score: number;
}

export interface RetrievalOptions {
  /** Pages to quote; each becomes one source. */
  pages: number;
  /** Lower than search's default: a weaker match can still hold the sentence that answers. */
  minScore: number;
  /** Chunks quoted per page. */
  chunksPerPage: number;
  /** Characters quoted per page, so one long page cannot crowd out the others. */
  maxChars: number;
}

export const defaultRetrieval: RetrievalOptions = { pages: 6, minScore: 0.15, chunksPerPage: 2, maxChars: 2400 };

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${space > max * 0.8 ? cut.slice(0, space) : cut} …`;
}

/**
 * Sources are numbered by page, not by chunk: several chunks of one page become one passage, so the
 * model cites the page once and the visitor sees each page once in the sources.
 */
export async function retrievePassages(
  deps: { search: PassageSearch },
  input: { siteId: string; query: string; signal?: AbortSignal; options?: Partial<RetrievalOptions> },
): Promise<ChatPassage[]> {
  const options = { ...defaultRetrieval, ...input.options };
  const { results } = await deps.search.search({
    siteIds: [input.siteId],
    query: input.query,
    limit: options.pages,
    minScore: options.minScore,
    signal: input.signal,
  });
  // Search already read the chunks it matched; quoting them needs no second read by URL and anchor.
  return results.slice(0, options.pages).map((page, i) => {
    const chunks = page.chunks.slice(0, options.chunksPerPage);
    const text = chunks.map((c, j) => (j > 0 && c.headingPath.length > 0 ? `${c.headingPath.at(-1)}:\n${c.text}` : c.text)).join("\n\n");
    return {
      n: i + 1,
      url: page.url,
      title: page.title || page.url,
      headingPath: chunks[0]?.headingPath ?? [],
      text: clip(text, options.maxChars),
      score: Math.max(0, Math.min(1, page.score)),
    };
  });
}
