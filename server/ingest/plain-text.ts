// Reads ingested content that is not HTML: Markdown-style headings become heading blocks, blank-line separated
// paragraphs become text blocks. Also decides whether ingested content is HTML at all.
import { headingLevel, type ContentBlock } from "./content-block.ts";

const DOCUMENT_START = /^(?:\uFEFF)?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;
const COMMON_TAG =
  /<\/?(?:p|div|span|a|h[1-6]|ul|ol|li|table|tr|td|th|br|img|section|article|main|nav|header|footer|pre|code|em|strong|b|i|title|meta|link|script|style)\b[^<>]*>/gi;
const CLOSING_TAG = /<\/(?:p|div|span|a|h[1-6]|ul|ol|li|table|tr|td|section|article|main|pre|title|script|style)\s*>/i;

/**
 * True for a full HTML document, or for a fragment with several real tags including a closing one. Plain text
 * that merely mentions `<div>` once, or Markdown with a stray `<br>`, stays plain text.
 */
export function looksLikeHtml(content: string): boolean {
  const head = content.slice(0, 4096);
  if (DOCUMENT_START.test(head)) return true;
  const sample = content.slice(0, 65536);
  if (!CLOSING_TAG.test(sample)) return false;
  let tags = 0;
  for (const _ of sample.matchAll(COMMON_TAG)) if (++tags >= 3) return true;
  return false;
}

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(```+|~~~+)/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+/;

/** Drops the Markdown punctuation a reader would not see: emphasis markers, inline code ticks, link targets. */
function unmark(line: string): string {
  return line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/`([^`]+)`/g, "$1");
}

/** Plain text → blocks. Code fences stay one block with their newlines, so `#` comments inside are not headings. */
export function plainTextBlocks(text: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\u0000/g, "")
    .split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    const joined = paragraph
      .map((line, i) => (i > 0 && !LIST_ITEM.test(line) ? " " : i > 0 ? "\n" : "") + unmark(line.trim()))
      .join("")
      .trim();
    if (joined) blocks.push({ kind: "text", text: joined });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      const marker = fence[1]!;
      while (++i < lines.length && !lines[i]!.trimStart().startsWith(marker)) code.push(lines[i]!);
      const body = code.join("\n").replace(/^\n+|\s+$/g, "");
      if (body) blocks.push({ kind: "text", text: body });
      continue;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      flush();
      const heading = unmark(atx[2]!.trim());
      if (heading) blocks.push({ kind: "heading", level: headingLevel(atx[1]!.length), text: heading, anchor: null });
      continue;
    }
    const next = lines[i + 1];
    // A setext heading is a single-line paragraph underlined with === or ---; a longer paragraph keeps its last line.
    if (next !== undefined && paragraph.length === 0 && line.trim() && SETEXT_UNDERLINE.test(next) && !LIST_ITEM.test(line)) {
      blocks.push({ kind: "heading", level: next.trim().startsWith("=") ? 1 : 2, text: unmark(line.trim()), anchor: null });
      i++;
      continue;
    }
    if (line.trim() === "") flush();
    else paragraph.push(line);
  }
  flush();
  return blocks;
}
