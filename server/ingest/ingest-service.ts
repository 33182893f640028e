// Ingests pages: validate each one, clean HTML, fill missing metadata, chunk by headings, and replace the
// stored page atomically. A bad page is reported and the rest of the batch still goes in.
import { Value } from "@sinclair/typebox/value";
import { PageInput, type IngestResponse } from "../../shared/pages.ts";
import { Limits } from "../../shared/limits.ts";
import { describeFailure } from "../../shared/validation-message.ts";
import type { MetadataExtractor } from "../ports/metadata-extractor.ts";
import type { DocumentStore, PageWrite } from "../ports/document-store.ts";
import type { CleanedPage } from "./clean-html.ts";
import { looksLikeHtml, plainTextBlocks } from "./plain-text.ts";
import { inlinePreparer, type PagePreparer } from "./page-preparer.ts";
import { contentHash } from "./content-hash.ts";
import { sharedTitleSuffix, stripTitleSuffix } from "./title-suffix.ts";

/** How many of the site's stored titles are compared to find the suffix they share. */
const TITLE_SAMPLE = 50;
import type { ContentBlock } from "./content-block.ts";
import type { PdfReader } from "../ports/pdf-reader.ts";
import { readPdf, readPdfItem, type PdfPage } from "./pdf-ingest.ts";
import { normaliseUrl } from "./url-normalise.ts";
import { KeyedLane } from "./keyed-lane.ts";
import { PageAddresses, sameSiteCanonical } from "./page-addresses.ts";
import type { PageAliasStore } from "../ports/page-alias-store.ts";
import type { SiteEvents } from "../ports/site-events.ts";

export interface ModelUsage {
  orgId: string;
  siteId: string;
  purpose: "ingest";
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export interface IngestDeps {
  documents: DocumentStore;
  /** Other addresses of stored pages: a page read at several addresses is stored once (page-addresses.ts). */
  aliases: PageAliasStore;
  /** Fills missing metadata of plain-text pages: Claude when configured, heuristics otherwise (rule 5). */
  metadata: MetadataExtractor;
  /** Always-available fallback, also used for HTML pages where the markup already carries most metadata. */
  heuristics: MetadataExtractor;
  onModelUsage?(usage: ModelUsage): void;
  /** Told when the metadata model failed and heuristics filled in instead, so the operator sees the model is down. */
  onMetadataFallback?(url: string, error: unknown): void;
  /** Reads PDFs (pages API contentBase64, crawled PDF links); without it PDFs are refused. */
  pdf?: PdfReader;
  /** Told after a site's content changed (search cache, embedding queue). */
  siteEvents?: Pick<SiteEvents, "publish">;
  /** Cleans and chunks off the API thread (a worker pool) in the service; inline when unset. */
  preparer?: PagePreparer;
  /** Told when storing a page failed unexpectedly; the caller only hears that it failed, never the database's words. */
  onPageFailed?(error: unknown, page: { url: string | null; siteId?: string }): void;
}

export type PageOutcome =
  | { status: "processed"; pageId: string; links: string[] }
  | { status: "skipped"; links: string[] }
  | { status: "error"; error: string };

export interface IngestOptions {
  orgId: string;
  siteId: string;
  source: "api" | "crawl";
  crawlJobId?: string;
  signal?: AbortSignal;
  /** When set, a page whose URL is not on one of the site's hosts is refused with a per-page error. */
  ownHost?: (url: string) => boolean;
  /** The crawler has already cleaned the page (it reads robots meta and canonical first); spares a second parse. */
  cleaned?: CleanedPage;
  /**
   * The address the crawler fetched the page at when it indexes it under its canonical URL: kept as an alias. With
   * `canonicalCrawled` the canonical URL is fetched by the crawl itself, so a page stored there keeps its own content.
   */
  readAt?: string;
  canonicalCrawled?: boolean;
  /** Content already split into sections by its reader (a PDF); the page's content is then its plain text. */
  document?: { title: string; blocks: ContentBlock[] };
}

const byteLength = (s: string) => new TextEncoder().encode(s).length;

function describeInvalid(page: unknown): string {
  const first = [...Value.Errors(PageInput, page)][0];
  return first ? describeFailure(first) : "Invalid page.";
}

export class IngestService {
  private readonly preparer: PagePreparer;
  /** An organisation's page writes take turns (see keyed-lane.ts); other organisations' writes do not wait. */
  private readonly writes = new KeyedLane();
  private readonly addresses: PageAddresses;

  constructor(private readonly deps: IngestDeps) {
    this.preparer = deps.preparer ?? inlinePreparer;
    this.addresses = new PageAddresses(deps.documents, deps.aliases);
  }

  /**
   * Cleans a page the way ingestion will (the crawler reads its links and robots meta first); `orgId` is whose work it
   * is. Never throws, as cleanHtml never does: a worker lost on a hostile page gives an empty page, which ingestion
   * then reports as that page's error instead of failing the batch or the crawl.
   */
  async clean(html: string, url: string, orgId: string): Promise<CleanedPage> {
    try {
      return await this.preparer.clean(html, url, orgId);
    } catch (error) {
      this.deps.onPageFailed?.(error, { url });
      return {
        title: "",
        description: "",
        language: null,
        keywords: [],
        canonicalUrl: null,
        robots: { noindex: false, nofollow: false },
        links: [],
        blocks: [],
      };
    }
  }

  async ingestBatch(pages: unknown[], opts: IngestOptions): Promise<IngestResponse> {
    const result: IngestResponse = { processed: 0, skipped: 0, errors: [] };
    const seen = new Set<string>();
    for (const page of pages) {
      const url = typeof (page as { url?: unknown })?.url === "string" ? (page as { url: string }).url : null;
      if (url !== null && seen.has(url)) {
        result.errors.push({ url, error: "The same url appears twice in this batch; only the first was ingested." });
        continue;
      }
      if (url !== null) seen.add(url);
      const ingest = isPdfItem(page) ? this.ingestPdfItem(page, opts) : this.ingestPage(page, opts);
      const outcome = await ingest.catch((error: unknown) => {
        this.deps.onPageFailed?.(error, { siteId: opts.siteId, url });
        return { status: "error" as const, error: "Could not store this page: an internal error, logged under this request's X-Request-Id." };
      });
      if (outcome.status === "processed") result.processed++;
      else if (outcome.status === "skipped") result.skipped++;
      else result.errors.push({ url, error: outcome.error });
    }
    if (result.processed > 0) this.deps.siteEvents?.publish({ kind: "content-changed", siteId: opts.siteId });
    return result;
  }

  /** A pages API item carrying a PDF as contentBase64. */
  async ingestPdfItem(item: unknown, opts: IngestOptions): Promise<PageOutcome> {
    return this.ingestRead(await readPdfItem(this.deps.pdf, item, opts.orgId), opts);
  }

  /** A PDF the crawler fetched. */
  async ingestPdf(url: string, bytes: Uint8Array, opts: IngestOptions): Promise<PageOutcome> {
    return this.ingestRead(await readPdf(this.deps.pdf, bytes, { url }, opts.orgId), opts);
  }

  private ingestRead(read: PdfPage, opts: IngestOptions): Promise<PageOutcome> {
    if ("error" in read) return Promise.resolve({ status: "error", error: read.error });
    return this.ingestPage(read.page, { ...opts, document: read.document });
  }

  async ingestPage(page: unknown, opts: IngestOptions): Promise<PageOutcome> {
    if (!Value.Check(PageInput, page)) return { status: "error", error: describeInvalid(page) };
    const url = normaliseUrl(page.url);
    if (!url) return { status: "error", error: "url must be an absolute http(s) URL." };
    if (opts.ownHost && !opts.ownHost(url)) return { status: "error", error: NOT_OWN_HOST };
    if (page.content.trim() === "") return { status: "error", error: "content is empty." };
    if (byteLength(page.content) > Limits.pageContentBytes) return { status: "error", error: `content is larger than ${Limits.pageContentBytes} bytes.` };

    const hash = contentHash(page.content, page.title ?? "", page.summary ?? "", JSON.stringify(page.tags ?? null), JSON.stringify(page.metadata ?? null));
    const isHtml = !opts.document && looksLikeHtml(page.content);
    if (isHtml && countHeadingTags(page.content) > 2 * Limits.chunksPerPage) {
      // Refused before cleaning, which costs seconds for a page of tens of thousands of headings and could only end in the cap below.
      return {
        status: "error",
        error: `The page has more than ${2 * Limits.chunksPerPage} headings; at most ${Limits.chunksPerPage} search sections are stored per page. Split it into several pages.`,
      };
    }
    const cleaned = isHtml ? (opts.cleaned ?? (await this.clean(page.content, url, opts.orgId))) : null;
    const links = cleaned?.links ?? [];
    const read = { url, canonical: sameSiteCanonical(cleaned, opts), readAt: opts.readAt, keepStored: opts.canonicalCrawled };
    const address = await this.addresses.resolve(opts.siteId, read);
    const existing = await this.addresses.storedPage(opts.siteId, address);
    if (existing && (existing.contentHash === hash || read.keepStored)) {
      await this.writes.run(opts.orgId, () => this.addresses.linkAll(opts.siteId, address.aliases, existing.url, opts.crawlJobId));
      return { status: "skipped", links };
    }

    const blocks = opts.document?.blocks ?? (cleaned ? cleaned.blocks : plainTextBlocks(page.content));
    const text = blocks.map((b) => b.text).join("\n");
    if (text.trim() === "") return { status: "error", error: "No text content remains after cleaning." };
    const described = await this.describe(page, { url, text, isHtml, cleaned, opts });
    let title = described.title;
    const { summary, tags } = described;
    // Title and text: pages that only share a body stay two pages, and so do stubs whose whole text is their title
    // (a collection's records of one title, told apart by nothing the page shows).
    const textHash = text.replace(/\s+/g, " ").trim() === title.replace(/\s+/g, " ").trim() ? null : contentHash(title, text);
    const suffix = title ? await this.sharedSuffix(opts.siteId, address.url, title) : null;
    const metadata = suffix ? { ...page.metadata, originalTitle: title } : (page.metadata ?? {});
    title = stripTitleSuffix(title, suffix) || address.url;

    const chunks = await this.sections(title, blocks, opts.orgId);
    // Checked before the write: 55,000 sections in one statement once failed with the whole INSERT echoed back.
    if (chunks.length > Limits.chunksPerPage) {
      return {
        status: "error",
        error: `The page makes ${chunks.length} search sections; at most ${Limits.chunksPerPage} are stored per page. Split it into several pages.`,
      };
    }
    const write = { ...pageWrite(opts, { url: address.url, title, summary, tags, metadata, contentHash: hash, chunks }), textHash };
    const stored = await this.writes.run(opts.orgId, () => this.addresses.store(read, write));
    if ("pageId" in stored) return { status: "processed", pageId: stored.pageId, links };
    this.deps.siteEvents?.publish({ kind: "content-changed", siteId: opts.siteId }); // a page stored at this address may have merged into the one it copies
    return { status: "skipped", links };
  }

  /** The page's search sections, each with the text the lexical index reads and its own hash. */
  private async sections(title: string, blocks: ContentBlock[], orgId: string) {
    return (await this.preparer.chunk({ title, blocks }, orgId)).map((c) => {
      // The lexical index reads title and headings too, so a page titled with the query ranks even when the body paraphrases.
      const searchText = [title, ...c.headingPath.filter((h) => h !== title), c.text].join("\n");
      // The vector is computed from searchText, so the hash that keys the embedding cache covers exactly that: a
      // section shared by pages of different titles must not take a vector computed with the other title.
      return { position: c.position, headingPath: c.headingPath, anchor: c.anchor, text: c.text, searchText, contentHash: contentHash(searchText) };
    });
  }

  /** Title, summary and tags: as given, else from the page's markup, else extracted (a model for plain text). */
  private async describe(
    page: { title?: string; summary?: string; tags?: string[] },
    input: { url: string; text: string; isHtml: boolean; cleaned: CleanedPage | null; opts: IngestOptions },
  ): Promise<{ title: string; summary: string; tags: string[] | undefined }> {
    const { url, text, cleaned, opts } = input;
    let title = page.title ?? (opts.document?.title || cleaned?.title) ?? "";
    let summary = page.summary ?? cleaned?.description ?? "";
    let tags = page.tags ?? (cleaned && cleaned.keywords.length > 0 ? cleaned.keywords : undefined);
    const missing = [!title && "title", !summary && "summary", !tags && "tags"].filter(Boolean) as Array<"title" | "summary" | "tags">;
    if (missing.length === 0) return { title, summary, tags };
    // Rule 5 names AI for plain text; HTML already carries its own metadata, so heuristics fill the rest there.
    const extractor = input.isHtml ? this.deps.heuristics : this.deps.metadata;
    const extracted = await extractor.extract({ url, text, missing, signal: opts.signal }).catch((error: unknown) => {
      this.deps.onMetadataFallback?.(url, error);
      return this.deps.heuristics.extract({ url, text, missing });
    });
    if (extracted.model && (extracted.inputTokens > 0 || extracted.outputTokens > 0)) {
      const { model, inputTokens, outputTokens } = extracted;
      this.deps.onModelUsage?.({ orgId: opts.orgId, siteId: opts.siteId, purpose: "ingest", model, inputTokens, outputTokens });
    }
    title ||= extracted.title ?? "";
    summary ||= extracted.summary ?? "";
    tags ??= extracted.tags ?? [];
    return { title, summary, tags };
  }

  /** The suffix this title shares with the site's stored titles; pages stored before it was recognised lose it too. */
  private async sharedSuffix(siteId: string, url: string, title: string): Promise<string | null> {
    const stored = await this.deps.documents.siteTitles(siteId, url, TITLE_SAMPLE);
    const suffix = sharedTitleSuffix(
      title,
      stored.map((s) => s.original),
    );
    if (suffix && stored.some((s) => s.title.endsWith(suffix) && s.title.length > suffix.length)) {
      await this.deps.documents.stripTitleSuffix(siteId, suffix);
    }
    return suffix;
  }
}

/** Opening h1-h6 tags, counted by a linear scan (one regex with no backtracking). */
function countHeadingTags(html: string): number {
  let n = 0;
  for (const _ of html.matchAll(/<h[1-6][\s>]/gi)) n++;
  return n;
}

const NOT_OWN_HOST = "url is not on this site's hosts: use the host of its baseUrl (with or without www.) or a domain in publicAccess.allowedDomains.";

function isPdfItem(page: unknown): boolean {
  return typeof page === "object" && page !== null && ("contentBase64" in page || (page as { contentType?: unknown }).contentType === "application/pdf");
}

/** The stored page: the fields ingest worked out, cut to the column limits, with where it came from. */
function pageWrite(
  opts: IngestOptions,
  p: Pick<PageWrite, "url" | "title" | "summary" | "metadata" | "contentHash" | "chunks"> & { tags: string[] | undefined },
): PageWrite {
  return {
    ...p,
    siteId: opts.siteId,
    title: p.title.slice(0, 1000),
    summary: p.summary.slice(0, 5000),
    tags: [...new Set((p.tags ?? []).map((t) => t.trim()).filter(Boolean))].slice(0, 100),
    source: opts.source,
    crawlJobId: opts.crawlJobId ?? null,
  };
}
