// Measures what a PDF's Flate streams inflate to, stopping at a budget: a few hundred kilobytes of PDF can hold a
// content stream of a hundred megabytes, which pdf.js would inflate and parse whole. Image streams are not counted
// (pdf.js never inflates them for text), so scanned documents are not refused for their pictures.
import { constants, inflateSync } from "node:zlib";

const STREAM = Buffer.from("stream");
const END = Buffer.from("endstream");
/** How far before `stream` its dictionary is looked for. */
const DICT_WINDOW = 2048;

/** True when the non-image Flate streams inflate to more than `budget` bytes together. */
export function inflatesBeyond(pdf: Uint8Array, budget: number): boolean {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let left = budget;
  let at = 0;
  for (;;) {
    const start = bytes.indexOf(STREAM, at);
    if (start < 0) return false;
    at = start + STREAM.length;
    // "endstream" contains "stream"; only a keyword followed by an end of line opens a stream.
    if (bytes[start - 1] === 0x64 /* d */ || (bytes[at] !== 0x0a && bytes[at] !== 0x0d)) continue;
    const dataStart = bytes[at] === 0x0d && bytes[at + 1] === 0x0a ? at + 2 : at + 1;
    const end = bytes.indexOf(END, dataStart);
    if (end < 0) return false;
    at = end + END.length;
    const dict = bytes.toString("latin1", Math.max(0, start - DICT_WINDOW), start);
    const own = dict.slice(dict.lastIndexOf(" obj") + 1);
    if (!/\/FlateDecode|\/Fl\b/.test(own) || /\/Subtype\s*\/Image/.test(own)) continue;
    const size = inflatedSize(bytes.subarray(dataStart, end), left + 1);
    if (size > left) return true;
    left -= size;
  }
}

/** Bytes the stream inflates to, at most `cap`; a damaged stream counts for what it gave before the damage. */
function inflatedSize(data: Buffer, cap: number): number {
  try {
    return inflateSync(data, { maxOutputLength: cap, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (error) {
    return (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? cap : 0;
  }
}
