// Checks and reads a PDF for ingest (pages API item or crawled document): limits first, then the text, giving
// the plain page ingest expects plus its per-PDF-page sections.
import { Value } from "@sinclair/typebox/value";
import { PdfPageInput, type PageInput } from "../../shared/pages.ts";
import { Limits } from "../../shared/limits.ts";
import { describeFailure } from "../../shared/validation-message.ts";
import { PdfUnreadable, type PdfReader } from "../ports/pdf-reader.ts";
import { pdfDocument, type PdfDocument } from "./pdf-document.ts";

export type PdfPage = { page: PageInput; document: PdfDocument } | { error: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A pages API item {url, contentBase64, contentType: "application/pdf", title?, …}. */
export async function readPdfItem(reader: PdfReader | undefined, item: unknown, tenant: string): Promise<PdfPage> {
  if (!Value.Check(PdfPageInput, item)) {
    const first = [...Value.Errors(PdfPageInput, item)][0];
    return { error: first ? describeFailure(first) : "Invalid PDF page." };
  }
  const encoded = item.contentBase64.replace(/\s+/g, "");
  if (!BASE64.test(encoded)) return { error: "contentBase64 is not base64." };
  // Decoded size from the encoded length, so an oversized document is refused before it is decoded.
  if (Math.floor((encoded.length * 3) / 4) > Limits.pdfBytes + 2) return { error: `The PDF is larger than ${Limits.pdfBytes} bytes.` };
  const { contentBase64: _b, contentType: _t, ...rest } = item;
  return readPdf(reader, Buffer.from(encoded, "base64"), rest, tenant);
}

export async function readPdf(reader: PdfReader | undefined, bytes: Uint8Array, rest: Omit<PageInput, "content">, tenant: string): Promise<PdfPage> {
  if (!reader) return { error: "This server does not read PDFs." };
  if (bytes.byteLength > Limits.pdfBytes) return { error: `The PDF is larger than ${Limits.pdfBytes} bytes.` };
  try {
    const document = pdfDocument(await reader.read({ bytes, maxPages: Limits.pdfPages, tenant }));
    if (document.content.trim() === "") return { error: "The PDF has no text (a scanned document needs OCR first)." };
    return { page: { ...rest, content: document.content }, document };
  } catch (error) {
    if (error instanceof PdfUnreadable) return { error: error.message };
    throw error;
  }
}
