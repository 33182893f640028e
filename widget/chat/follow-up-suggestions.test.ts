import { describe, expect, test } from "bun:test";
import { followUpSuggestions } from "./follow-up-suggestions.ts";
import type { ChatTurn } from "./chat-stream-controller.ts";

const source = (title: string) => ({ url: `https://x.test/${title}`, title, score: 1, relevance: 1 });
const turn = (question: string, titles: string[], extra: Partial<ChatTurn> = {}): ChatTurn => ({
  question,
  text: "answer",
  sources: titles.map(source),
  status: "done",
  answered: true,
  ...extra,
});
const more = (title: string) => `More on ${title}`;

describe("followUpSuggestions", () => {
  test("offers the cited pages the visitor has not asked about, at most three", () => {
    const turns = [turn("what is mod_dir?", ["mod_dir", "DirectoryIndex", "Glossary", "mod_alias", "Sitemap"])];
    expect(followUpSuggestions(turns, more)).toEqual(["More on DirectoryIndex", "More on Glossary", "More on mod_alias"]);
  });

  test("offers nothing while streaming or after an unanswered question", () => {
    expect(followUpSuggestions([turn("q", ["A"], { status: "streaming" })], more)).toEqual([]);
    expect(followUpSuggestions([turn("q", ["A"], { answered: false })], more)).toEqual([]);
    expect(followUpSuggestions([], more)).toEqual([]);
  });
});
