// PDF text through unpdf (Mozilla's pdf.js, packaged for servers): one string per page, the Info title,
// and the page count checked before any text is extracted.
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { PdfUnreadable, type PdfReader, type PdfText } from "../../ports/pdf-reader.ts";

export class UnpdfReader implements PdfReader {
  async read(input: { bytes: Uint8Array; maxPages: number }): Promise<PdfText> {
    let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
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
      const { text } = await extractText(pdf, { mergePages: false });
      return { title: typeof info.Title === "string" && info.Title.trim() ? info.Title.trim() : null, pages: text };
    } catch (error) {
      if (error instanceof PdfUnreadable) throw error;
      throw new PdfUnreadable(`The PDF's text could not be extracted: ${(error as Error).message}`);
    } finally {
      await pdf.destroy().catch(() => {});
    }
  }
}
