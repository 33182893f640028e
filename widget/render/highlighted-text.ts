// Lit template for a highlighted snippet: text parts bind as text nodes, so server text cannot become markup.
import { html, type TemplateResult } from "lit";
import { splitHighlights } from "./highlight-ranges.ts";

export function highlightedText(text: string, ranges: ReadonlyArray<readonly [number, number]>): TemplateResult[] {
  return splitHighlights(text, ranges).map((piece) => (piece.marked ? html`<mark part="mark">${piece.text}</mark>` : html`${piece.text}`));
}
