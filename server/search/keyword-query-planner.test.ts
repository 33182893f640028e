import { describe, expect, test } from "bun:test";
import type { Vocabulary, VocabularyTerm } from "../ports/vocabulary.ts";
import { createLogger } from "../logger.ts";
import { KeywordQueryPlanner } from "./keyword-query-planner.ts";

/** A site vocabulary from word → chunk count; look-alikes are every known word (correctWord measures the distance). */
function vocabulary(words: Record<string, number>): Vocabulary {
  const all: VocabularyTerm[] = Object.entries(words).map(([term, chunks]) => ({ term, chunks }));
  return {
    counts: async ({ words: asked }) => new Map(asked.filter((w) => w in words).map((w) => [w, words[w]!])),
    near: async ({ words: asked }) => new Map(asked.map((w) => [w, all])),
    prefixed: async ({ prefix }) => all.filter((t) => t.term.startsWith(prefix)),
  };
}

const plan = (query: string, words: Record<string, number>) =>
  new KeywordQueryPlanner(vocabulary(words), createLogger("silent")).plan({ siteIds: ["s"], query, synonyms: [] });

describe("KeywordQueryPlanner", () => {
  test("a long question is embedded whole: every word in order, repeats kept, not cut at the keyword cap", async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const planned = await plan(`What articles deal with TSS, ${words} and TSS again?`, {});
    expect(planned.semanticQuery).toBe(`what articles deal with tss ${words} and tss again`);
    expect(planned.terms.words.length).toBe(32);
  });
  test("exclusions are left out of the embedded text, the rest stays in order", async () => {
    expect((await plan('Virtual hosts "by name" -ssl', {})).semanticQuery).toBe("virtual hosts by name");
  });
  test("in a long query a rare word the site uses is taken as meant, not corrected", async () => {
    const planned = await plan("how do biases in citation counts affect the ranking of journals", { biases: 1, bases: 40 });
    expect(planned.suggestion).toBeNull();
    expect(planned.terms.words.find((g) => g[0] === "biases")).toEqual(["biases"]);
  });
  test("a short query keeps correcting a rare word beside a much commoner look-alike", async () => {
    const planned = await plan("proxxy headers", { proxxy: 1, proxy: 40, headers: 9 });
    expect(planned.suggestion).toBe("proxy headers");
    expect(planned.semanticQuery).toBe("proxy headers");
  });
  test("a long query's typo is a suggestion and a keyword alternative, never in the embedded text", async () => {
    const query = "which algorithms sort records on magnetic tapes with the fewest passes";
    const planned = await plan(query, { algorithms: 30, records: 20, magnetic: 9, tapes: 9, fewest: 3, passes: 8 });
    expect(planned.suggestion).toBeNull();
    const typo = await plan(query.replace("algorithms", "algoritms"), { algorithms: 30, records: 20, magnetic: 9, tapes: 9, fewest: 3, passes: 8 });
    expect(typo.suggestion).toBe(query);
    expect(typo.terms.words[1]).toEqual(["algoritms", "algorithms"]);
    expect(typo.semanticQuery).toBe(query.replace("algorithms", "algoritms"));
    expect(planned.semanticQuery).toBe(query);
  });
});
