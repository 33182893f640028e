// Pages and their chunks as ingest, crawl and page management see them; a page and its chunks are replaced at once.

export interface PageRow {
  id: string;
  siteId: string;
  url: string;
  title: string;
  summary: string;
  tags: string[];
  metadata: Record<string, unknown>;
  contentHash: string;
  source: "api" | "crawl";
  lastCrawlJobId: string | null;
  indexedAt: Date;
  etag: string | null;
  lastModified: string | null;
  checkedAt: Date | null;
}

export interface NewChunk {
  position: number;
  headingPath: string[];
  anchor: string | null;
  text: string;
  searchText: string;
  contentHash: string;
}

/** A page as ingest writes it: the stored fields it sets, and its chunks. */
export interface PageWrite extends Pick<PageRow, "siteId" | "url" | "title" | "summary" | "tags" | "metadata" | "contentHash" | "source"> {
  crawlJobId?: string | null;
  /** Hash of the page's title and cleaned text, which finds another address showing the same page. */
  textHash?: string | null;
  chunks: NewChunk[];
}

export interface FetchValidators {
  etag: string | null;
  lastModified: string | null;
}

/** One chunk of a page as the page-detail view shows it. */
export interface PageChunkRow extends Pick<NewChunk, "position" | "headingPath" | "anchor" | "text"> {
  id: string;
  embeddedAt: Date | null;
}

export interface DocumentStore {
  findPage(siteId: string, url: string): Promise<PageRow | null>;
  /** Replaces the page at its URL with its chunks in one transaction; returns the page id. */
  replacePage(page: PageWrite): Promise<string>;
  siteTitles(siteId: string, exceptUrl: string, limit: number): Promise<Array<{ title: string; original: string }>>;
  stripTitleSuffix(siteId: string, suffix: string): Promise<number>;
  /** The site's URLs after `after` in byte order, `limit` at a time (delete-by-pattern's in-process fallback). */
  urlsAfter(siteId: string, after: string | null, limit: number): Promise<string[]>;
  deletePages(siteId: string, match: { urls: string[] } | { regex: string; subject: "url" | "path" } | { all: true }): Promise<number>;
  /** A page's chunks in reading order, with whether each has its embedding yet. */
  pageChunks(pageId: string): Promise<PageChunkRow[]>;
  listPages(siteId: string, opts: { limit: number; cursor?: string; search?: string }): Promise<PageRow[]>;
  crawledPagesNotIn(siteId: string, jobId: string): Promise<string[]>;
  markCrawled(siteId: string, url: string, jobId: string): Promise<void>;
  fetchState(siteId: string, url: string): Promise<(FetchValidators & { checkedAt: Date | null }) | null>;
  recordFetch(siteId: string, url: string, jobId: string, validators: FetchValidators | null): Promise<void>;
}
