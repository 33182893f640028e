// Turns a PDF's text into what ingest indexes: one section per PDF page, headed "Page N" with the anchor
// "page=N" (PDF viewers open url#page=N at that page), and a title from the metadata or the first line.
import type { ContentBlock } from "./content-block.ts";
import type { PdfText } from "../ports/pdf-reader.ts";

export interface PdfDocument {
  title: string;
  /** All the text, for the content hash and the content size limit. */
  content: string;
  blocks: ContentBlock[];
}

const clean = (s: string) =>
  s
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();

export function pdfDocument(pdf: PdfText): PdfDocument {
  const blocks: ContentBlock[] = [];
  pdf.pages.forEach((raw, i) => {
    const text = clean(raw);
    if (!text) return;
    blocks.push({ kind: "heading", level: 2, text: `Page ${i + 1}`, anchor: `page=${i + 1}` });
    for (const paragraph of text.split(/\n{2,}|\n(?=[A-Z0-9•-])/)) {
      const line = paragraph.replace(/\n/g, " ").trim();
      if (line) blocks.push({ kind: "text", text: line });
    }
  });
  const firstLine =
    clean(pdf.pages.find((p) => clean(p) !== "") ?? "")
      .split("\n", 1)[0]
      ?.slice(0, 200) ?? "";
  return { title: pdf.title ?? firstLine, content: pdf.pages.map(clean).join("\n\n"), blocks };
}
