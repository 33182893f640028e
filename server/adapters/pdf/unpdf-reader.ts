// PDF text through unpdf (Mozilla's pdf.js, packaged for servers): one string per page, the Info title, the page
// count checked before any text is extracted, and caps on inflated bytes, text items and characters, so a small PDF
// that expands into megabytes of text is refused instead of parsed whole. Runs wherever it is called: the service
// calls it on a preparation worker (composition/preparation-thread.ts) under a wall-clock limit.
import { getDocumentProxy, getMeta } from "unpdf";
import { Limits } from "../../../shared/limits.ts";
import { PdfUnreadable, type PdfReader, type PdfText } from "../../ports/pdf-reader.ts";
import { inflatesBeyond } from "./inflated-size.ts";

type Pdf = Awaited<ReturnType<typeof getDocumentProxy>>;
type TextItem = { str?: string; hasEOL?: boolean };

export class UnpdfReader implements PdfReader {
  async read(input: { bytes: Uint8Array; maxPages: number; tenant?: string }): Promise<PdfText> {
    if (inflatesBeyond(input.bytes, Limits.pdfInflatedBytes))
      throw new PdfUnreadable(`The PDF's streams inflate to more than ${Limits.pdfInflatedBytes} bytes; it was not read.`);
    let pdf: Pdf;
    try {
      // pdf.js takes ownership of the buffer it is given; a copy keeps the caller's bytes usable.
      pdf = await getDocumentProxy(new Uint8Array(input.bytes), { verbosity: 0, isEvalSupported: false });
    } catch (error) {
      throw new PdfUnreadable(`The PDF could not be read: ${(error as Error).message}`);
    }
    try {
      if (pdf.numPages > input.maxPages) throw new PdfUnreadable(`The PDF has ${pdf.numPages} pages; the limit is ${input.maxPages}.`);
      const meta = await getMeta(pdf).catch(() => null);
      const info = (meta?.info ?? {}) as { Title?: unknown };
      const pages = await pageTexts(pdf);
      return { title: typeof info.Title === "string" && info.Title.trim() ? info.Title.trim() : null, pages };
    } catch (error) {
      if (error instanceof PdfUnreadable) throw error;
      throw new PdfUnreadable(`The PDF's text could not be extracted: ${(error as Error).message}`);
    } finally {
      await pdf.destroy().catch(() => {});
    }
  }
}

/** Each page's text, read as a stream of items and stopped as soon as the document passes a cap. */
async function pageTexts(pdf: Pdf): Promise<string[]> {
  const pages: string[] = [];
  let items = 0;
  let chars = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const reader = (page.streamTextContent() as ReadableStream<{ items: TextItem[] }>).getReader();
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const item of value.items) {
        if (item.str == null) continue;
        text += item.str + (item.hasEOL ? "\n" : "");
        items++;
        chars += item.str.length;
      }
      if (items > Limits.pdfTextItems || chars > Limits.pdfTextChars) {
        throw new PdfUnreadable(
          `The PDF has more than ${Limits.pdfTextItems} pieces or ${Limits.pdfTextChars} characters of text; split it into several documents.`,
        );
      }
    }
    pages.push(text);
  }
  return pages;
}
