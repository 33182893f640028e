// Turns one page's scored chunks into a search result: snippet of the best chunk, its best sections, and the
// chunks themselves for chat to quote.
import type { ScoreParts as ScorePartsView, SearchResult, SectionMatch } from "../../shared/search.ts";
import { distinctSnippets } from "./distinct-snippets.ts";
import type { ScoredChunk } from "./score-chunks.ts";
import { explainScore } from "./score-parts.ts";
import { makeSnippet } from "./snippet.ts";

type Explained<T> = T & { scoreParts?: ScorePartsView };

/** One page in the search output, with scoreParts when the caller asked for them. */
export type PageResult = Explained<Omit<SearchResult, "sections">> & { siteId: string; sections: Array<Explained<SectionMatch>> };

/** A chunk behind a result, kept for chat to quote so it need not read the text again; never sent on the wire. */
export interface MatchedChunk {
  chunkId: string;
  headingPath: string[];
  text: string;
}

export interface PageResultOptions {
  minScore: number;
  explain?: boolean;
  sectionsPerResult: number;
}

/** The result for a page whose chunks are in score order; `score` is the page's boosted score. */
export function pageResult(
  list: ScoredChunk[],
  score: number,
  stems: ReadonlySet<string>,
  { minScore, explain, sectionsPerResult }: PageResultOptions,
): PageResult & { chunks: MatchedChunk[] } {
  const best = list[0]!.chunk;
  const snippet = makeSnippet(best.text, stems);
  // The best section always shows; further ones only when they match well enough to be worth a click.
  const sections: Array<Explained<SectionMatch>> = list
    .filter((s, i) => i === 0 || s.score >= minScore)
    .slice(0, sectionsPerResult)
    .map((s) => {
      const section = makeSnippet(s.chunk.text, stems, { length: 160 });
      return {
        heading: s.chunk.headingPath.at(-1) ?? best.title,
        headingPath: s.chunk.headingPath,
        anchor: s.chunk.anchor,
        url: s.chunk.anchor ? `${s.chunk.url}#${s.chunk.anchor}` : s.chunk.url,
        snippet: section.text,
        highlights: section.highlights,
        score: round(s.score),
        ...(explain ? { scoreParts: explainScore(s.parts, s.score, s.score) } : {}),
      };
    });
  return {
    url: best.url,
    title: best.title,
    snippet: snippet.text,
    score: round(score),
    highlights: snippet.highlights,
    sections: distinctSnippets(snippet.text, sections),
    tags: best.tags,
    siteId: best.siteId,
    ...(explain ? { scoreParts: explainScore(list[0]!.parts, list[0]!.score, score) } : {}),
    chunks: list.slice(0, sectionsPerResult).map(({ chunk }) => ({ chunkId: chunk.chunkId, headingPath: chunk.headingPath, text: chunk.text })),
  };
}

const round = (n: number) => Math.round(n * 10000) / 10000;
