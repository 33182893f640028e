// Reads the text of a PDF, page by page. Adapter: adapters/pdf/unpdf-reader.ts.
export interface PdfText {
  /** The document's own title (its Info dictionary), when it has one. */
  title: string | null;
  /** Text of each page, in order. */
  pages: string[];
}

/** The PDF cannot be read, or is over a limit; the message says which for the person who sent it. */
export class PdfUnreadable extends Error {
  override name = "PdfUnreadable";
}

export interface PdfReader {
  /**
   * Refuses (PdfUnreadable) a document of more than `maxPages` pages before reading any of its text. `tenant` names
   * whose work it is, so a reader that queues documents can give organisations turns.
   */
  read(input: { bytes: Uint8Array; maxPages: number; tenant: string }): Promise<PdfText>;
}
