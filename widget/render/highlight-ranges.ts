// Splits plain text at highlight offsets so marks are rendered as nodes, never by parsing server text as HTML.
export interface TextPiece {
  text: string;
  marked: boolean;
}

/** Ranges are [start, end) in UTF-16 units; out-of-bounds, inverted and overlapping ranges are tolerated. */
export function splitHighlights(text: string, ranges: ReadonlyArray<readonly [number, number]>): TextPiece[] {
  const clean = ranges
    .map(([start, end]) => [Math.max(0, Math.min(start, text.length)), Math.max(0, Math.min(end, text.length))] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const pieces: TextPiece[] = [];
  let cursor = 0;
  for (const [start, end] of clean) {
    if (end <= cursor) continue;
    const from = Math.max(start, cursor);
    if (from > cursor) pieces.push({ text: text.slice(cursor, from), marked: false });
    pieces.push({ text: text.slice(from, end), marked: true });
    cursor = end;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), marked: false });
  return pieces;
}
