import { describe, expect, test } from "bun:test";
import type { Vocabulary } from "../ports/vocabulary.ts";
import { VocabularyCache } from "./vocabulary-cache.ts";

function source(counts: Record<string, number>) {
  const asked: string[] = [];
  const vocabulary: Vocabulary = {
    async near({ words }) {
      asked.push(`near ${words.join(",")}`);
      return new Map(words.filter((w) => counts[w]).map((w) => [w, [{ term: w, chunks: counts[w]! }]]));
    },
    async counts({ words }) {
      asked.push(`counts ${words.join(",")}`);
      return new Map(words.filter((w) => counts[w]).map((w) => [w, counts[w]!]));
    },
    async prefixed({ prefix }) {
      asked.push(`prefixed ${prefix}`);
      return Object.keys(counts)
        .filter((w) => w.startsWith(prefix))
        .map((term) => ({ term, chunks: counts[term]! }));
    },
  };
  return { asked, vocabulary };
}

describe("VocabularyCache", () => {
  test("asks the source only for words it does not hold, absent words included", async () => {
    const { asked, vocabulary } = source({ proxy: 4, server: 9 });
    const cache = new VocabularyCache(vocabulary);
    expect(await cache.counts({ siteIds: ["s1"], words: ["proxy", "prxy"] })).toEqual(new Map([["proxy", 4]]));
    expect(await cache.counts({ siteIds: ["s1"], words: ["proxy", "prxy", "server"] })).toEqual(
      new Map([
        ["proxy", 4],
        ["server", 9],
      ]),
    );
    expect(await cache.prefixed({ siteIds: ["s1"], prefix: "pro", limit: 8 })).toEqual([{ term: "proxy", chunks: 4 }]);
    await cache.prefixed({ siteIds: ["s1"], prefix: "pro", limit: 8 });
    expect(asked).toEqual(["counts proxy,prxy", "counts server", "prefixed pro"]);
  });

  test("another set of sites, a change of a site, or the time to live asks again", async () => {
    let now = 0;
    const { asked, vocabulary } = source({ proxy: 4 });
    const cache = new VocabularyCache(vocabulary, { ttlMs: 1000, clock: () => now });
    await cache.near({ siteIds: ["s1", "s2"], words: ["proxy"] });
    await cache.near({ siteIds: ["s2", "s1"], words: ["proxy"] });
    await cache.near({ siteIds: ["s1"], words: ["proxy"] });
    cache.invalidateSite("s2");
    await cache.near({ siteIds: ["s1", "s2"], words: ["proxy"] });
    await cache.near({ siteIds: ["s1"], words: ["proxy"] });
    now = 1001;
    await cache.near({ siteIds: ["s1"], words: ["proxy"] });
    expect(asked).toEqual(["near proxy", "near proxy", "near proxy", "near proxy"]);
  });
});
