import { describe, expect, test } from "bun:test";
import type { SearchChunk } from "../ports/search-chunks.ts";
import { queryEvidence } from "./chunk-evidence.ts";
import { parseQuery } from "./parse-query.ts";
import { scoreChunks } from "./score-chunks.ts";

const chunk = (id: string, text: string, similarity: number | null): SearchChunk => ({
  chunkId: id,
  pageId: id,
  siteId: "s",
  url: `https://x.example/${id}`,
  title: "",
  tags: [],
  metadata: {},
  headingPath: [],
  anchor: null,
  text,
  similarity,
});

function score(query: string, chunks: SearchChunk[], lexicalIds: string[]) {
  const parsed = parseQuery(query);
  const evidence = queryEvidence({
    parsed,
    terms: { words: parsed.words.map((w) => [w]), phrases: parsed.phrases, excluded: parsed.excluded },
    semanticQuery: query,
    suggestion: null,
  });
  return scoreChunks({
    chunks,
    lexical: lexicalIds.map((chunkId) => ({ chunkId, score: 5 })),
    semantic: chunks.filter((c) => c.similarity !== null).map((c) => ({ chunkId: c.chunkId, similarity: c.similarity! })),
    evidence,
    engine: "pg_textsearch",
    method: "convex",
    alpha: 0.25,
    scoreAlpha: 0.5,
    rrfK: 60,
  }).map((s) => s.chunk.chunkId);
}

describe("scoreChunks and phrases", () => {
  test("vector hits without the phrase drop out while another vector hit holds it", () => {
    const chunks = [chunk("a", "the neural network training set", 0.6), chunk("b", "training of networks, neural ones", 0.7)];
    expect(score('"neural network" training', chunks, [])).toEqual(["a"]);
  });
  test("a phrase no vector hit holds does not empty the vector side; an excluded word still keeps one out", () => {
    const chunks = [chunk("a", "training neural networks for text classification", 0.6), chunk("b", "classification with ssl features", 0.7)];
    expect(score('papers on "supervised training" for classification -ssl', chunks, [])).toEqual(["a"]);
  });
});
