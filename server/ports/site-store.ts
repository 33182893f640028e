// Sites of an organisation as the use cases read and write them: records, settings and statistics.
import type { CrawlerConfig, MetadataField, PublicAccess, RateLimits, TagBoost, UrlBoost } from "../../shared/sites.ts";
import type { Synonym } from "../../shared/synonyms.ts";

export interface SiteRow {
  id: string;
  orgId: string;
  name: string;
  baseUrl: string;
  description: string;
  status: "pending" | "ready" | "error";
  lastError: string | null;
  lastCrawledAt: Date | null;
  crawlerConfig: CrawlerConfig;
  publicAccess: PublicAccess;
  rateLimits: RateLimits;
  metadataSchema: MetadataField[];
  tagBoosts: TagBoost[];
  urlBoosts: UrlBoost[];
  synonyms: Synonym[];
  pageCount: number;
  createdAt: Date;
  updatedAt: Date;
  nextCrawlAt: Date | null;
  lastScheduledAt: Date | null;
  staleNotifiedAt: Date | null;
  /** Crawler credentials, sealed (connectors/secret-box.ts). */
  crawlerAuth: string | null;
  /** Set while written pages wait for their vectors or a crawl; cleared when site.ready is sent. */
  indexingSince: Date | null;
}

type Defaulted =
  | "createdAt"
  | "description"
  | "status"
  | "lastError"
  | "lastCrawledAt"
  | "metadataSchema"
  | "tagBoosts"
  | "urlBoosts"
  | "synonyms"
  | "pageCount"
  | "updatedAt"
  | "nextCrawlAt"
  | "lastScheduledAt"
  | "staleNotifiedAt"
  | "crawlerAuth"
  | "indexingSince";
export type SiteInsert = Omit<SiteRow, "id" | Defaulted> & Partial<Pick<SiteRow, Defaulted>>;
export type SiteUpdate = Partial<Omit<SiteRow, "id" | "orgId" | "createdAt">>;

export interface SiteStats {
  pageCount: number;
  chunkCount: number;
  embeddedChunkCount: number;
  lastCrawlJobId: string | null;
}

export interface SiteStore {
  create(input: SiteInsert): Promise<SiteRow>;
  get(orgId: string, siteId: string): Promise<SiteRow | null>;
  getById(siteId: string): Promise<SiteRow | null>;
  list(orgId: string): Promise<SiteRow[]>;
  listByIds(orgId: string, ids: string[]): Promise<SiteRow[]>;
  update(orgId: string, siteId: string, patch: SiteUpdate): Promise<SiteRow | null>;
  delete(orgId: string, siteId: string): Promise<boolean>;
  stats(siteId: string): Promise<SiteStats>;
  /** Chunks of the site embedded in the last two minutes, and the seconds since the first of them: its embedding rate. */
  recentEmbedding(siteId: string): Promise<{ chunks: number; seconds: number }>;
  /**
   * Clears the site's indexing mark when no chunk waits for a vector and no crawl is pending or running; answers the
   * site's organisation and chunk count when it did (so exactly one caller sends site.ready), else null.
   */
  finishIndexing(siteId: string): Promise<{ orgId: string; chunkCount: number } | null>;
}
