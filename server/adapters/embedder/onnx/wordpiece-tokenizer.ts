// BERT WordPiece tokenisation read from the model's own tokenizer.json: BertNormalizer (clean, CJK spacing,
// lowercase, strip accents), BertPreTokenizer (whitespace and punctuation), greedy longest-match WordPiece.
import { readFileSync } from "node:fs";

interface TokenizerJson {
  normalizer: { type: string; clean_text: boolean; handle_chinese_chars: boolean; strip_accents: boolean | null; lowercase: boolean };
  pre_tokenizer: { type: string };
  model: { type: string; unk_token: string; continuing_subword_prefix: string; max_input_chars_per_word: number; vocab: Record<string, number> };
}

export interface WordPieceTokenizer {
  /** Token ids with [CLS] … [SEP], cut to at most `maxTokens` in all. */
  encode(text: string, maxTokens: number): number[];
}

const CONTROL = /[\p{Cc}\p{Cf}]/u;
const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}!-/:-@[-`{-~]/u;
const MARK = /\p{Mn}/gu;

export function loadWordPieceTokenizer(path: string): WordPieceTokenizer {
  const spec = JSON.parse(readFileSync(path, "utf8")) as TokenizerJson;
  if (spec.model.type !== "WordPiece" || spec.normalizer.type !== "BertNormalizer" || spec.pre_tokenizer.type !== "BertPreTokenizer") {
    throw new Error(`${path} is not a BERT WordPiece tokenizer.`);
  }
  const vocab = new Map(Object.entries(spec.model.vocab));
  const id = (token: string) => {
    const v = vocab.get(token);
    if (v === undefined) throw new Error(`The tokenizer has no "${token}" token.`);
    return v;
  };
  const cls = id("[CLS]");
  const sep = id("[SEP]");
  const normalize = bertNormalizer(spec.normalizer);
  const wordPieces = wordPieceSplitter(vocab, id(spec.model.unk_token), spec.model.continuing_subword_prefix, spec.model.max_input_chars_per_word);

  return {
    encode(text, maxTokens) {
      const ids = [cls];
      const room = maxTokens - 1;
      // Split on whitespace, each punctuation character a word of its own; stop once the budget is full.
      let word = "";
      const flush = () => {
        if (word) ids.push(...wordPieces(word));
        word = "";
      };
      for (const ch of normalize(text)) {
        if (ids.length >= room) break;
        if (ch === " " || WHITESPACE.test(ch)) flush();
        else if (PUNCTUATION.test(ch)) {
          flush();
          ids.push(...wordPieces(ch));
        } else word += ch;
      }
      flush();
      ids.length = Math.min(ids.length, room);
      ids.push(sep);
      return ids;
    },
  };
}

/** BertNormalizer: drop control characters, whitespace to spaces, space out CJK, strip accents, lowercase. */
function bertNormalizer(spec: TokenizerJson["normalizer"]): (text: string) => string {
  const { lowercase, handle_chinese_chars: spaceCjk, clean_text: clean } = spec;
  // As in HF tokenizers: accents are stripped when asked, or by default whenever text is lowercased.
  const stripAccents = spec.strip_accents ?? lowercase;
  return (text) => {
    let out = "";
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (clean && (cp === 0 || cp === 0xfffd || (CONTROL.test(ch) && ch !== "\t" && ch !== "\n" && ch !== "\r"))) continue;
      if (clean && WHITESPACE.test(ch)) out += " ";
      else if (spaceCjk && isCjk(cp)) out += ` ${ch} `;
      else out += ch;
    }
    if (stripAccents) out = out.normalize("NFD").replace(MARK, "");
    return lowercase ? out.toLowerCase() : out;
  };
}

/** Greedy longest-match WordPiece for one word, remembered per word (a bounded cache: words repeat a lot). */
function wordPieceSplitter(vocab: Map<string, number>, unk: number, prefix: string, maxChars: number): (word: string) => number[] {
  const cache = new Map<string, number[]>();
  return (word) => {
    const known = cache.get(word);
    if (known) return known;
    const chars = [...word];
    let pieces: number[] = [];
    if (chars.length > maxChars) pieces = [unk];
    for (let start = 0; start < chars.length && pieces[0] !== unk; ) {
      let end = chars.length;
      let found = -1;
      for (; end > start; end--) {
        const v = vocab.get((start > 0 ? prefix : "") + chars.slice(start, end).join(""));
        if (v !== undefined) {
          found = v;
          break;
        }
      }
      if (found < 0) pieces = [unk];
      else pieces.push(found);
      start = end;
    }
    if (cache.size > 50_000) cache.clear();
    cache.set(word, pieces);
    return pieces;
  };
}

function isCjk(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b820 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}
