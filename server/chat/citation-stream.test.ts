import { describe, expect, test } from "bun:test";
import { CitationStream } from "./citation-stream.ts";
import { extractCitations, renumberCitations } from "./citations.ts";
import { keepSiteLinks } from "./answer-links.ts";
import { siteHostCheck } from "../sites/site-hosts.ts";

function streamed(text: string, sourceCount: number, pieceLength: number) {
  const stream = new CitationStream(sourceCount);
  const deltas: string[] = [];
  for (let i = 0; i < text.length; i += pieceLength) deltas.push(stream.push(text.slice(i, i + pieceLength)));
  const end = stream.end();
  deltas.push(end.rest);
  return { joined: deltas.join(""), end };
}

const answers = [
  "Install it with the package manager [3], then run setup [1][3].",
  "It works on Linux [2, 1] and macOS [1-2]; Windows is not covered [9].",
  "See [the guide](https://example.com) [2]. Use `arr[1]` in code [1].",
  "```js\nconst a = list[2];\n```\nThat reads the third item [2]. Footnote [4]: text.",
  "Nothing cited here at all.",
  "Trailing citation at the very end [3]",
];

describe("CitationStream", () => {
  for (const text of answers) {
    describe(`for ${JSON.stringify(text.slice(0, 30))}…`, () => {
      const final = renumberCitations(text, extractCitations(text, 3));
      for (const pieceLength of [1, 2, 5, 1000]) {
        test(`deltas of ${pieceLength} characters add up to the renumbered answer`, () => {
          const { joined, end } = streamed(text, 3, pieceLength);
          expect(end.text).toBe(final);
          expect(joined).toBe(final);
        });
      }
    });
  }

  describe("citation order", () => {
    test("the first source cited becomes [1] while streaming", () => {
      const stream = new CitationStream(5);
      expect(stream.push("Use the CLI [4")).toBe("Use the CLI");
      expect(stream.push("]. It")).toBe(" [1]. It");
      expect(stream.cited).toEqual([4]);
      expect(stream.end().used).toEqual([4]);
    });
  });
});

describe("CitationStream with off-site links made plain text", () => {
  const rewrite = (text: string) => keepSiteLinks(text, siteHostCheck({ baseUrl: "https://docs.example.com" }));
  const texts = [
    "Read [the guide](https://evil.example/phish) first [1]. Or https://evil.example/x, or [ours](https://docs.example.com/a) [2].",
    "Go to <https://evil.example/login> and www.evil.example now [3]\n\n[r]: https://evil.example/r\nhttp",
    "See ![pixel](https://evil.example/p.png) and https://docs.example.com/ok [1]",
  ];
  for (const text of texts) {
    const final = renumberCitations(rewrite(text), extractCitations(rewrite(text), 3));
    for (const pieceLength of [1, 3, 7, 1000]) {
      test(`${JSON.stringify(text.slice(0, 24))}… in pieces of ${pieceLength}: no delta ever carries the phishing host`, () => {
        const stream = new CitationStream(3, rewrite);
        const deltas: string[] = [];
        for (let i = 0; i < text.length; i += pieceLength) deltas.push(stream.push(text.slice(i, i + pieceLength)));
        const end = stream.end();
        deltas.push(end.rest);
        expect(end.text).toBe(final);
        expect(deltas.join("")).toBe(final);
        expect(final).not.toContain("](https://evil");
        expect(final).not.toMatch(/(?<!`)https:\/\/evil\.example/);
      });
    }
  }
});
