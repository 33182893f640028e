import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { MINILM_TOKENIZER_PATH } from "./minilm-onnx-file.ts";
import { loadWordPieceTokenizer } from "./wordpiece-tokenizer.ts";

const tokenizer = loadWordPieceTokenizer(MINILM_TOKENIZER_PATH);
const vocab = (JSON.parse(readFileSync(MINILM_TOKENIZER_PATH, "utf8")) as { model: { vocab: Record<string, number> } }).model.vocab;
/** Expected tokens as strings, so the test reads as BERT's tokenisation and the ids come from the model's file. */
const ids = (...tokens: string[]) => ["[CLS]", ...tokens, "[SEP]"].map((t) => vocab[t]!);

describe("WordPiece tokenizer from tokenizer.json", () => {
  test("wraps in [CLS] … [SEP] and lowercases", () => {
    expect(tokenizer.encode("Hello World", 256)).toEqual([101, 7592, 2088, 102]);
  });

  test("splits every punctuation character into a word of its own", () => {
    expect(tokenizer.encode("can't stop, won't stop!", 256)).toEqual(ids("can", "'", "t", "stop", ",", "won", "'", "t", "stop", "!"));
  });

  test("splits unknown words into the longest known pieces", () => {
    expect(tokenizer.encode("embeddings tokenization", 256)).toEqual(ids("em", "##bed", "##ding", "##s", "token", "##ization"));
  });

  test("strips accents, spaces out CJK characters, drops control characters", () => {
    expect(tokenizer.encode("Café\u0000 naïve", 256)).toEqual(ids("cafe", "naive"));
    expect(tokenizer.encode("東京", 256)).toEqual(ids("東", "京"));
  });

  test("a word with no known pieces is one [UNK]", () => {
    expect(tokenizer.encode("😀", 256)).toEqual(ids("[UNK]"));
  });

  test("cuts at the token budget, [SEP] included", () => {
    const out = tokenizer.encode("word ".repeat(1000), 256);
    expect(out).toHaveLength(256);
    expect(out[0]).toBe(101);
    expect(out[255]).toBe(102);
    expect(tokenizer.encode("word", 256)).toHaveLength(3);
  });
});
