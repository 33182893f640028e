// Plain HTTP page fetcher for the crawler: guarded redirects, a byte limit enforced while streaming, one deadline
// for the whole fetch, and the body decoded in the page's own charset.
import { FetchFailure, type FetchedPage, type FetchPageInput, type PageFetcher } from "../../ports/page-fetcher.ts";
import type { AddressGuardOptions } from "./address-guard.ts";
import { decodeBody } from "./decode-body.ts";
import { guardedFetch } from "./guarded-fetch.ts";
import { readLimited } from "./read-limited.ts";
import { Limits } from "../../../shared/limits.ts";

export const DEFAULT_USER_AGENT = "site-search-bot/0.1 (+https://github.com/site-search/site-search)";

export interface HttpFetcherOptions extends AddressGuardOptions {
  userAgent?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Byte limit for binary documents (PDF). */
  maxBinaryBytes?: number;
}

const PAGE_TYPES = ["text/html", "application/xhtml+xml", "text/plain", "application/pdf"];
/** Documents read as bytes, with their own size limit (a PDF is routinely larger than an HTML page). */
const BINARY_TYPES = new Set(["application/pdf"]);
/** robots.txt and sitemaps: any text, XML or (for robots.txt served carelessly) an octet stream. */
const TEXT_TYPES = [/^text\//, /^application\/([\w.+-]+\+)?xml$/, /^application\/octet-stream$/];
const KEPT_HEADERS = ["x-robots-tag", "last-modified", "etag", "content-language", "link", "retry-after", "cache-control"];

const mediaType = (contentType: string) => contentType.split(";", 1)[0]!.trim().toLowerCase();

export class HttpFetcher implements PageFetcher {
  readonly userAgent: string;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly maxBinaryBytes: number;
  private readonly guard: AddressGuardOptions;

  constructor(options: HttpFetcherOptions = {}) {
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxBytes = options.maxBytes ?? Limits.pageContentBytes;
    this.maxRedirects = options.maxRedirects ?? 5;
    this.maxBinaryBytes = options.maxBinaryBytes ?? this.maxBytes;
    this.guard = { allowPrivateNetworks: options.allowPrivateNetworks, trustedHosts: options.trustedHosts };
  }

  /** An HTML, XHTML, plain-text or PDF document. Non-2xx statuses (304 included) come back as data so the crawler can count them. */
  fetch(input: FetchPageInput): Promise<FetchedPage> {
    return this.get(input, "text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,application/pdf;q=0.7", (type) => PAGE_TYPES.includes(type));
  }

  /** Any text document (robots.txt, sitemap XML); the same limits apply. */
  fetchText(url: string, signal?: AbortSignal): Promise<FetchedPage> {
    return this.get(
      { url, signal },
      "text/plain,application/xml;q=0.9,text/xml;q=0.9,*/*;q=0.5",
      (type) => type === "" || TEXT_TYPES.some((t) => t.test(type)),
    );
  }

  private async get(input: FetchPageInput, accept: string, acceptable: (mediaType: string) => boolean): Promise<FetchedPage> {
    const started = performance.now();
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline;
    try {
      const { response, url } = await guardedFetch({
        url: input.url,
        headers: { "user-agent": this.userAgent, accept, "accept-language": "*", ...conditionalHeaders(input.validators) },
        credentials: input.credentials,
        guard: this.guard,
        maxRedirects: this.maxRedirects,
        allowRedirect: input.allowRedirect,
        signal,
      });
      let contentType = response.headers.get("content-type") ?? "";
      const type = mediaType(contentType);
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      const ok = response.status >= 200 && response.status < 300;
      if (response.status === 304) {
        await response.body?.cancel().catch(() => {});
        return { url, status: 304, contentType, body: "", headers, ms: Math.round(performance.now() - started) };
      }
      // An error page's body is rarely wanted, and never worth refusing the status over.
      const wanted = type === "" ? true : acceptable(type);
      if (!wanted) {
        await response.body?.cancel().catch(() => {});
        if (ok) throw new FetchFailure("unsupported-type", url, `${url} is ${type}, not a page the crawler reads`);
        return { url, status: response.status, contentType, body: "", headers, ms: Math.round(performance.now() - started) };
      }
      if (ok && BINARY_TYPES.has(type)) {
        const bytes = await readLimited(response, url, this.maxBinaryBytes);
        return { url, status: response.status, contentType, body: "", bytes, headers, ms: Math.round(performance.now() - started) };
      }
      const bytes = await readLimited(response, url, this.maxBytes);
      if (type === "") {
        if (looksBinary(bytes)) throw new FetchFailure("unsupported-type", url, `${url} has no Content-Type and looks binary`);
        contentType = sniffTextType(bytes);
      }
      const body = decodeBody(bytes, contentType);
      return { url, status: response.status, contentType, body, headers, ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (input.signal?.aborted) throw input.signal.reason;
      if (deadline.aborted) throw new FetchFailure("timeout", input.url, `${input.url} took longer than ${this.timeoutMs} ms`);
      throw error;
    }
  }
}

function conditionalHeaders(validators: FetchPageInput["validators"]): Record<string, string> {
  const headers: Record<string, string> = {};
  if (validators?.etag) headers["if-none-match"] = validators.etag;
  if (validators?.lastModified) headers["if-modified-since"] = validators.lastModified;
  return headers;
}

function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 1024).includes(0);
}

/** A server that sends no Content-Type still usually sends markup; report what the bytes look like. */
function sniffTextType(bytes: Uint8Array): string {
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith("<?xml")) return "application/xml";
  return head.startsWith("<") ? "text/html" : "text/plain";
}
