import { describe, expect, test } from "bun:test";
import { HybridSearch } from "./hybrid-search.ts";
import { createLogger } from "../logger.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { Vocabulary } from "../ports/vocabulary.ts";

// Ports as plain objects that record the order of calls: the search's own sequencing is what is tested here.
function setup(vocabularyWords: Record<string, number>) {
  const events: string[] = [];
  const lexicalCalls: string[] = [];
  let releaseVocabulary = () => {};
  const vocabularyGate = new Promise<void>((resolve) => (releaseVocabulary = resolve));
  const vocabulary: Vocabulary = {
    async counts({ words }) {
      events.push(`counts ${words.join(",")}`);
      await vocabularyGate;
      return new Map(words.filter((w) => vocabularyWords[w]).map((w) => [w, vocabularyWords[w]!]));
    },
    async near({ words }) {
      events.push(`near ${words.join(",")}`);
      return new Map(words.map((w) => [w, Object.entries(vocabularyWords).map(([term, chunks]) => ({ term, chunks }))]));
    },
    async prefixed({ prefix }) {
      events.push(`prefixed ${prefix}`);
      return Object.entries(vocabularyWords)
        .filter(([term]) => term.startsWith(prefix))
        .map(([term, chunks]) => ({ term, chunks }));
    },
  };
  const embedder: Embedder = {
    model: "fake",
    dimensions: 2,
    async embed({ texts }) {
      events.push(`embed ${texts.join("|")}`);
      return { vectors: texts.map(() => [1, 0]), tokens: 0, ms: 1 };
    },
    ready: async () => {},
  };
  const search = new HybridSearch({
    lexical: {
      engine: "fake",
      search: async ({ terms }) => {
        events.push(`lexical ${terms?.words.map((w) => w.join("|")).join(" ")}`);
        lexicalCalls.push(`phrases: ${terms?.phrases.map((p) => p.join(" ")).join("|") ?? ""}`);
        return { hits: [], ms: 0 };
      },
      health: async () => ({ ok: true }),
    },
    vectors: {
      async search({ vector }) {
        events.push(`vectors ${vector.join(",")}`);
        return { hits: [], ms: 0 };
      },
    },
    embedder,
    chunks: { load: async () => [], similarities: async () => new Map() },
    vocabulary,
    siteSettings: async (ids) => ids.map((id) => ({ id, metadataSchema: [], tagBoosts: [], urlBoosts: [] })),
    log: createLogger("error"),
  });
  return { search, events, lexicalCalls, releaseVocabulary };
}

describe("the query embedding in a hybrid search", () => {
  test("starts before the vocabulary answers, and is used once when no word is corrected", async () => {
    const { search, events, releaseVocabulary } = setup({ virtual: 40, hosts: 30 });
    const searching = search.search({ siteIds: ["s1"], query: "Virtual hosts", limit: 10, minScore: 0 });
    await Bun.sleep(5);
    expect(events).toEqual(["embed virtual hosts", "counts virtual,hosts"]);
    releaseVocabulary();
    expect((await searching).mode).toBe("hybrid");
    expect(events.filter((e) => !e.startsWith("lexical"))).toEqual(["embed virtual hosts", "counts virtual,hosts", "vectors 1,0"]);
  });

  test("a corrected word is embedded again, corrected; the typed text's embedding is dropped", async () => {
    const { search, events, releaseVocabulary } = setup({ virtual: 40, host: 30 });
    releaseVocabulary();
    const found = await search.search({ siteIds: ["s1"], query: "virtual hsot", limit: 10, minScore: 0 });
    expect(found.suggestion).toBe("virtual host");
    expect(events.filter((e) => e.startsWith("embed"))).toEqual(["embed virtual hsot", "embed virtual host"]);
    expect(events.filter((e) => e.startsWith("vectors"))).toHaveLength(1);
  });

  test("a lexical-only search embeds nothing", async () => {
    const { search, events, releaseVocabulary } = setup({ virtual: 40 });
    releaseVocabulary();
    await search.search({ siteIds: ["s1"], query: "virtual", limit: 10, minScore: 0, only: "lexical" });
    expect(events.some((e) => e.startsWith("embed"))).toBe(false);
  });
});

describe("the instant search while typing", () => {
  test("embeds nothing, searches the unfinished last word as the sites' words it begins, and looks up no typo for it", async () => {
    const { search, events, releaseVocabulary } = setup({ virtual: 40, hosts: 30, hostname: 5, hostnames: 2 });
    releaseVocabulary();
    const found = await search.search({ siteIds: ["s1"], query: "virtual hostn", limit: 10, minScore: 0, speed: "instant" });
    expect(found.mode).toBe("lexical");
    expect(events.some((e) => e.startsWith("embed") || e.startsWith("near"))).toBe(false);
    expect(events).toContain("counts virtual");
    expect(events).toContain("prefixed hostn");
    expect(events.find((e) => e.startsWith("lexical"))).toBe("lexical virtual hostn|hostname|hostnames");
  });

  test("the full search of the same words embeds the query and looks the unfinished word up as a possible typo", async () => {
    const { search, events, releaseVocabulary } = setup({ virtual: 40, hosts: 30 });
    releaseVocabulary();
    await search.search({ siteIds: ["s1"], query: "virtual hostn", limit: 10, minScore: 0 });
    expect(events.some((e) => e.startsWith("embed"))).toBe(true);
    expect(events.some((e) => e.startsWith("prefixed"))).toBe(false);
    expect(events).toContain("counts virtual,hostn");
  });
});

describe("a quoted phrase in a hybrid search", () => {
  test("that the keyword engine finds nowhere is searched again as ranked words", async () => {
    const { search, lexicalCalls, releaseVocabulary } = setup({ programming: 40, liberated: 3, style: 9 });
    releaseVocabulary();
    await search.search({ siteIds: ["s1"], query: 'Backus, "Can programming be liberated from the Von Neumann style?"', limit: 10, minScore: 0 });
    expect(lexicalCalls).toEqual(["phrases: can programming be liberated from the von neumann style", "phrases: "]);
  });
});
