// Splits a page's blocks into search chunks that follow its headings, sized for the embedder (256 tokens ≈ 190 words).
import type { ContentBlock, HeadingBlock } from "./content-block.ts";

export interface Chunk {
  position: number;
  /** From the page title down to the section's heading; the title is left out when the h1 already says it. */
  headingPath: string[];
  heading: string;
  /** Nearest anchor of the section, walking up to its parents. */
  anchor: string | null;
  text: string;
}

export interface ChunkOptions {
  targetWords?: number;
  overlapWords?: number;
  maxWords?: number;
}

/**
 * A child section this small is folded into the chunk of its parent section (with its heading as a line of text)
 * when it still fits: a lone "Example" with one line of code makes a poor search hit on its own. Sibling sections
 * are never merged, so a chunk never spans a section boundary at its own level.
 */
const TINY_SECTION_WORDS = 40;

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const countWords = (s: string) => words(s).length;
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/** The h1 "says the title" when one contains the other or one of the title's parts ("mod_rewrite - Apache HTTP Server"). */
function h1RepeatsTitle(title: string, h1: string): boolean {
  const t = norm(title);
  const h = norm(h1);
  if (!t || !h) return !t;
  if (t.includes(h) || h.includes(t)) return true;
  return t.split(/\s+[-|–—·:»]\s+/).some((part) => part.length >= 3 && h.includes(part));
}

interface Section {
  path: HeadingBlock[];
  parts: string[];
}

function sections(blocks: ContentBlock[]): Section[] {
  const out: Section[] = [];
  let path: HeadingBlock[] = [];
  let current: Section = { path, parts: [] };
  for (const block of blocks) {
    if (block.kind === "text") {
      if (block.text.trim()) current.parts.push(block.text.trim());
      continue;
    }
    if (current.parts.length > 0) out.push(current);
    path = [...path.filter((h) => h.level < block.level), block];
    current = { path, parts: [] };
  }
  if (current.parts.length > 0) out.push(current);
  return out;
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Pieces no longer than `max` words: lines of code, sentences of prose, and runs of words as a last resort. */
function units(part: string, max: number): string[] {
  const pieces = part.includes("\n") ? part.split("\n") : [...segmenter.segment(part)].map((s) => s.segment);
  const out: string[] = [];
  for (const piece of pieces.map((p) => p.trim()).filter(Boolean)) {
    const w = words(piece);
    if (w.length <= max) out.push(piece);
    else for (let i = 0; i < w.length; i += max) out.push(w.slice(i, i + max).join(" "));
  }
  return out;
}

interface Piece {
  text: string;
  words: number;
  /** Separator from the previous piece: a space inside a paragraph, a newline inside code or between paragraphs. */
  sep: " " | "\n";
  /** Continues the paragraph of the previous piece, so a cut before it is worth an overlap. */
  continues: boolean;
}

function pieces(parts: string[], target: number, max: number): Piece[] {
  const out: Piece[] = [];
  for (const part of parts) {
    const n = countWords(part);
    if (n <= target) {
      out.push({ text: part, words: n, sep: "\n", continues: false });
      continue;
    }
    const sep = part.includes("\n") ? "\n" : " ";
    for (const [i, text] of units(part, max).entries()) out.push({ text, words: countWords(text), sep: i === 0 ? "\n" : sep, continues: i > 0 });
  }
  return out;
}

/** Packs a section's paragraphs into texts of about `target` words; a long paragraph is cut between sentences, and the
 *  next chunk repeats the last sentences (up to `overlap` words) so a thought cut at the boundary still reads. */
function packSection(parts: string[], target: number, overlap: number, max: number): string[] {
  const texts: string[] = [];
  let current: Piece[] = [];
  let count = 0;
  let fresh = false;
  for (const piece of pieces(parts, target, max - overlap)) {
    if (current.length > 0 && count + piece.words > target) {
      if (fresh) texts.push(current.map((p, i) => (i > 0 ? p.sep : "") + p.text).join(""));
      const tail: Piece[] = [];
      let n = 0;
      if (piece.continues) {
        for (let i = current.length - 1; i >= 0 && n + current[i]!.words <= Math.min(overlap, max - piece.words); i--) {
          tail.unshift(current[i]!);
          n += current[i]!.words;
          if (!current[i]!.continues) break;
        }
      }
      current = tail;
      count = n;
      fresh = false;
    }
    current.push(piece);
    count += piece.words;
    fresh = true;
  }
  if (fresh) texts.push(current.map((p, i) => (i > 0 ? p.sep : "") + p.text).join(""));
  return texts;
}

export function chunkBlocks(input: { title: string; blocks: ContentBlock[] }, opts: ChunkOptions = {}): Chunk[] {
  const maxWords = Math.max(20, opts.maxWords ?? 240);
  const targetWords = Math.min(maxWords, Math.max(10, opts.targetWords ?? 200));
  const overlapWords = Math.min(Math.floor(targetWords / 3), Math.max(0, opts.overlapWords ?? 30));
  const title = input.title.replace(/\s+/g, " ").trim();
  const h1 = input.blocks.find((b): b is HeadingBlock => b.kind === "heading" && b.level === 1);
  const titleFirst = title !== "" && !(h1 && h1RepeatsTitle(title, h1.text));

  // Fold tiny child sections into their parent's section before sizing, so the parent's chunk carries them.
  const merged: Section[] = [];
  for (const section of sections(input.blocks)) {
    const parent = merged.at(-1);
    const isChild = parent && section.path.length > parent.path.length && parent.path.every((h, i) => section.path[i] === h);
    const own = section.parts.join("\n");
    const extra = section.path.slice(parent?.path.length ?? 0).map((h) => h.text);
    const parentWords = parent ? countWords(parent.parts.join("\n")) : 0;
    if (parent && isChild && countWords(own) <= TINY_SECTION_WORDS && parentWords + countWords(own) + extra.length * 3 <= targetWords) {
      parent.parts.push(...extra, ...section.parts);
    } else {
      merged.push({ path: section.path, parts: [...section.parts] });
    }
  }

  const chunks: Chunk[] = [];
  for (const section of merged) {
    const headings = section.path.map((h) => h.text);
    const headingPath = titleFirst ? [title, ...headings] : headings.length > 0 ? headings : title ? [title] : [];
    const anchor = [...section.path].reverse().find((h) => h.anchor)?.anchor ?? null;
    const heading = headings.at(-1) ?? title;
    for (const text of packSection(section.parts, targetWords, overlapWords, maxWords)) {
      if (text.trim()) chunks.push({ position: chunks.length, headingPath, heading, anchor, text });
    }
  }
  return chunks;
}
