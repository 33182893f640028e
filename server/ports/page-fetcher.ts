// Fetches one web page for the crawler. Adapters: adapters/fetch/http-fetcher.ts, adapters/fetch/chromium-renderer.ts.
export interface FetchPageInput {
  url: string;
  signal?: AbortSignal;
  /** Decides whether a redirect target may be followed (crawl scope); called for every hop. */
  allowRedirect?: (url: string) => boolean;
  /** From the last fetch: sent as If-None-Match / If-Modified-Since, so an unchanged page answers 304 with no body. */
  validators?: { etag: string | null; lastModified: string | null };
  /** Credentials of a protected site: sent only to `host` (host:port), never to a host a redirect leads to. */
  credentials?: { origin: string; headers: Record<string, string> };
}

export interface FetchedPage {
  /** Final URL after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
  /** The raw bytes, for binary documents the crawler reads (PDF); absent for text. */
  bytes?: Uint8Array;
  /** Response headers that matter to the crawler, lower-cased names (e.g. x-robots-tag, last-modified). */
  headers: Record<string, string>;
  ms: number;
}

export type FetchFailureReason = "timeout" | "too-large" | "blocked-address" | "network" | "redirect-out-of-scope" | "too-many-redirects" | "unsupported-type";

export class FetchFailure extends Error {
  constructor(
    readonly reason: FetchFailureReason,
    readonly url: string,
    message: string,
  ) {
    super(message);
    this.name = "FetchFailure";
  }
}

export interface PageFetcher {
  fetch(input: FetchPageInput): Promise<FetchedPage>;
  close?(): Promise<void>;
}
