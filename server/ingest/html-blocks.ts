// Turns cleaned HTML into content blocks: headings with their anchors, and one text block per paragraph, list item,
// data table row or code block; tables and definition lists read as "Label: value" lines (table-text.ts). Inline markup is flattened; only <pre> and <br> keep line breaks.
import { headingLevel, type ContentBlock } from "./content-block.ts";
import { ANCHOR_ATTR, LEVEL_ATTR, headingAnchor } from "./heading-anchors.ts";
import { definitionLines, tableLines } from "./table-text.ts";

const BLOCK_TAGS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "center",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "header",
  "hgroup",
  "hr",
  "html",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "ul",
]);
const SKIPPED_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "canvas",
  "iframe",
  "object",
  "embed",
  "head",
  "title",
  "img",
  "meta",
  "link",
  "select",
  "textarea",
  "button",
]);
const MAX_DEPTH = 400;
/** A row holding these is page layout (httpd's index is a two-column table of sections), not a data row. */
const LAYOUT_CONTENT = "div, p, ul, ol, dl, table, pre, h1, h2, h3, h4, h5, h6";
/** A definition list holding these keeps its blocks: code and sub-sections would be flattened into one line. */
const RICH_DEFINITION = "pre, table, dl, h1, h2, h3, h4, h5, h6";

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
/** Sphinx, MkDocs and friends append a visible permalink sign to headings. */
const stripPermalink = (s: string) => s.replace(/\s*[¶§🔗]\s*$/u, "").trim();

class BlockWriter {
  readonly blocks: ContentBlock[] = [];
  private line = "";
  private lines: string[] = [];

  text(s: string) {
    this.line += s;
  }
  lineBreak() {
    this.lines.push(this.line);
    this.line = "";
  }
  flush() {
    this.lineBreak();
    const text = this.lines.map(collapse).filter(Boolean).join("\n");
    this.lines = [];
    if (text) this.blocks.push({ kind: "text", text });
  }
  push(block: ContentBlock) {
    this.flush();
    this.blocks.push(block);
  }
}

function headingBlock(el: Element): ContentBlock | null {
  const text = stripPermalink(collapse(el.textContent ?? ""));
  if (!text) return null;
  const level = headingLevel(Number(el.getAttribute(LEVEL_ATTR) ?? el.localName.slice(1)));
  return { kind: "heading", level, text, anchor: el.getAttribute(ANCHOR_ATTR) ?? headingAnchor(el) };
}

/** Code keeps its layout, minus the blank lines that surround it in the source. */
const preText = (el: Element) =>
  (el.textContent ?? "")
    .replace(/\r\n?/g, "\n")
    .replace(/^\s*\n/, "")
    .replace(/\s+$/, "");

function rowText(row: Element): string {
  const cells: string[] = [];
  for (let cell = row.firstElementChild; cell; cell = cell.nextElementSibling) {
    const text = collapse(cell.textContent ?? "");
    if (text) cells.push(text);
  }
  return cells.join(" · ");
}

function walk(el: Element, out: BlockWriter, depth: number): void {
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) {
      out.text((node as Text).data);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    const tag = child.localName;
    if (SKIPPED_TAGS.has(tag)) continue;
    if (depth > MAX_DEPTH) {
      out.text(` ${child.textContent ?? ""} `);
    } else if (/^h[1-6]$/.test(tag)) {
      const heading = headingBlock(child);
      if (heading) out.push(heading);
    } else if (tag === "pre") {
      const text = preText(child);
      if (text) out.push({ kind: "text", text });
    } else if (tag === "table" && !child.querySelector(LAYOUT_CONTENT)) {
      for (const text of tableLines(child)) out.push({ kind: "text", text });
    } else if (tag === "dl" && !child.querySelector(RICH_DEFINITION)) {
      for (const text of definitionLines(child)) out.push({ kind: "text", text });
    } else if (tag === "tr" && !child.querySelector(LAYOUT_CONTENT)) {
      const text = rowText(child);
      if (text) out.push({ kind: "text", text });
    } else if (tag === "br") {
      out.lineBreak();
    } else if (BLOCK_TAGS.has(tag)) {
      out.flush();
      walk(child, out, depth + 1);
      out.flush();
    } else {
      walk(child, out, depth + 1);
    }
  }
}

export function htmlBlocks(root: Element): ContentBlock[] {
  const out = new BlockWriter();
  walk(root, out, 0);
  out.flush();
  return out.blocks;
}

export const blocksLength = (blocks: ContentBlock[]) => blocks.reduce((n, b) => n + (b.kind === "text" ? b.text.length : 0), 0);
