import { describe, expect, test } from "bun:test";
import { judgeChunk, type QueryEvidence } from "./chunk-evidence.ts";
import { stem } from "./stem.ts";

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
