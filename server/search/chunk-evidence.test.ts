import { describe, expect, test } from "bun:test";
import { judgeChunk, type QueryEvidence } from "./chunk-evidence.ts";
import { splitWords } from "./parse-query.ts";
import { stem, stemCore } from "./stem.ts";

const evidence = (words: string[][], phrases: string[][] = [], excluded: string[] = []): QueryEvidence => ({
  groups: words.map((g) => new Set(g.map(stem))),
  phrases: phrases.map((p) => p.map(stem)),
  excluded: new Set(excluded.map(stem)),
});
const chunk = (text: string, title = "Page", headingPath: string[] = []) => ({ title, headingPath, text });

describe("judging a chunk against the query", () => {
  test("coverage is the share of word groups found in the title, headings or text, by stem", () => {
    const q = evidence([["virtual"], ["hosts"], ["proxy"]]);
    expect(judgeChunk(chunk("Configuring a virtual host", "Guide"), q)).toEqual({ admitted: true, coverage: 2 / 3 });
    expect(judgeChunk(chunk("nothing here", "Proxy", ["Virtual hosting"]), q)).toEqual({ admitted: true, coverage: 1 });
    expect(judgeChunk(chunk("unrelated"), q)).toEqual({ admitted: true, coverage: 0 });
  });

  test("a group counts once whichever of its alternatives is present", () => {
    const q = evidence([["vhost", "virtual"], ["server"]]);
    expect(judgeChunk(chunk("a vhost and a virtual one on one server"), q)).toEqual({ admitted: true, coverage: 1 });
  });

  test("an excluded word anywhere refuses the chunk, even after every group was found", () => {
    const q = evidence([["install"]], [], ["windows"]);
    expect(judgeChunk(chunk("install it first, then read about windows"), q).admitted).toBe(false);
    expect(judgeChunk(chunk("install it", "Windows"), q).admitted).toBe(false);
    expect(judgeChunk(chunk("install it on linux"), q)).toEqual({ admitted: true, coverage: 1 });
  });

  test("a phrase must occur in order", () => {
    const q = evidence([["rewrite"], ["rule"]], [["rewrite", "rule"]]);
    expect(judgeChunk(chunk("the rewrite rule applies"), q)).toEqual({ admitted: true, coverage: 1 });
    expect(judgeChunk(chunk("a rule to rewrite"), q)).toEqual({ admitted: false, coverage: 1 });
  });

  test("no query groups means no coverage", () => {
    expect(judgeChunk(chunk("anything"), evidence([]))).toEqual({ admitted: true, coverage: 0 });
  });
});

describe("the judge's shortcut for stems absent from the text", () => {
  // The reference: every word of the chunk stemmed and compared, with no shortcut.
  const reference = (c: ReturnType<typeof chunk>, q: QueryEvidence) => {
    const stems = new Set([c.title, ...c.headingPath, c.text].flatMap((t) => splitWords(t).map(stem)));
    if ([...q.excluded].some((s) => stems.has(s))) return { admitted: false, coverage: 0 };
    const matched = q.groups.filter((g) => [...g].some((s) => stems.has(s))).length;
    return { admitted: true, coverage: q.groups.length === 0 ? 0 : matched / q.groups.length };
  };

  test("every word starts with its stem's core, whatever its ending (the judge skips words that start with no core)", () => {
    const words = ["policies", "policy", "configured", "configure", "running", "run", "installs", "ACCESS", "Ünïcödé", "x86", "ﬁle", "statuses"];
    for (const w of words) for (const n of splitWords(w)) expect(n.startsWith(stemCore(stem(n)))).toBe(true);
  });

  test("gives the same verdict as reading every word, on random chunks and queries", () => {
    const roots = ["polic", "configur", "run", "install", "access", "host", "proxy", "rewrit", "modul", "cach"];
    const endings = ["", "e", "es", "ies", "y", "ing", "ed", "er", "s", "ation", "ly", "ning"];
    let seed = 7;
    const pick = <T>(list: T[]) => list[(seed = (seed * 16807) % 2147483647) % list.length]!;
    const word = () => pick(roots) + pick(endings);
    const text = (n: number) => Array.from({ length: n }, () => (pick([0, 1, 2]) === 0 ? word().toUpperCase() : word())).join(pick([" ", ", ", ". "]));
    for (let i = 0; i < 2000; i++) {
      const q = evidence(
        Array.from({ length: 1 + (i % 3) }, () => [word(), ...(i % 4 === 0 ? [word()] : [])]),
        [],
        i % 5 === 0 ? [word()] : [],
      );
      const c = chunk(text(i % 20), text(2), i % 2 ? [text(3)] : []);
      expect(judgeChunk(c, q)).toEqual(reference(c, q));
    }
  });
});
