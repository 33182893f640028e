import { describe, expect, test } from "bun:test";
import { normalizedWords, plainWords } from "./text-words.ts";
import { makeSnippet } from "./snippet.ts";
import { stem } from "./stem.ts";

describe("the words of a text, kept per text", () => {
  test("a text read again, even as another string with the same characters, is not split again", () => {
    const text = "Virtual  hosts\nlet one server answer for many names.";
    const again = [...text].join("");
    expect(plainWords(again)).toBe(plainWords(text));
    expect(normalizedWords(again)).toBe(normalizedWords(text));
    expect(plainWords(text)).toEqual({
      text: "Virtual hosts let one server answer for many names.",
      starts: [0, 8, 14, 18, 22, 29, 36, 40, 45],
      ends: [7, 13, 17, 21, 28, 35, 39, 44, 50],
      lower: ["virtual", "hosts", "let", "one", "server", "answer", "for", "many", "names"],
    });
  });

  test("a changed text is read as changed: its snippet shows the new words", () => {
    const stems = new Set([stem("forwards")]);
    const before = makeSnippet("The proxy forwards requests.", stems);
    const after = makeSnippet("The proxy no longer forwards requests.", stems);
    expect(before).toEqual({ text: "The proxy forwards requests.", highlights: [[10, 18]] });
    expect(after).toEqual({ text: "The proxy no longer forwards requests.", highlights: [[20, 28]] });
  });
});
