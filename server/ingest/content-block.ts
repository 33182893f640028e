// The unit of cleaned page content shared by the HTML cleaner, the plain-text reader and the chunker.
export interface HeadingBlock {
  kind: "heading";
  level: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
  /** Fragment id that scrolls to this heading on the live page, when the page has one. */
  anchor: string | null;
}

export interface TextBlock {
  kind: "text";
  /** One paragraph, list item, table row or code block; code keeps its newlines. */
  text: string;
}

export type ContentBlock = HeadingBlock | TextBlock;

export const headingLevel = (n: number): HeadingBlock["level"] => Math.min(6, Math.max(1, Math.round(n) || 1)) as HeadingBlock["level"];
